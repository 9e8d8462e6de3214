import { clipsOf, parseClock, parseSmil } from './smil'

describe('SMIL clock values (EPUB 3 media overlays)', () => {
  it('reads full and partial clock values', () => {
    expect(parseClock('0:00:01.500')).toBe(1.5)
    expect(parseClock('1:02:03')).toBe(3723)
    expect(parseClock('02:30.25')).toBe(150.25)
    expect(parseClock('00:05')).toBe(5)
  })

  it('reads timecounts with and without units, and npt=', () => {
    expect(parseClock('1.5s')).toBe(1.5)
    expect(parseClock('500ms')).toBe(0.5)
    expect(parseClock('2min')).toBe(120)
    expect(parseClock('1h')).toBe(3600)
    expect(parseClock('12.25')).toBe(12.25)
    expect(parseClock('npt=4.5s')).toBe(4.5)
    expect(parseClock(' npt=0:00:02.000 ')).toBe(2)
  })

  it('has no value for what it cannot read', () => {
    expect(parseClock(undefined)).toBeNull()
    expect(parseClock('')).toBeNull()
    expect(parseClock('soon')).toBeNull()
    expect(parseClock('1:2:3:4')).toBeNull()
    expect(parseClock('-1s')).toBeNull()
  })
})

describe('a SMIL document', () => {
  const smil = `<?xml version="1.0" encoding="UTF-8"?>
<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
  <body>
    <seq id="s1" epub:textref="../text/c1.xhtml" epub:type="chapter">
      <par id="p1"><text src="../text/c1.xhtml#h1"/><audio src="../audio/c1.mp3" clipBegin="0:00:00.000" clipEnd="0:00:01.500"/></par>
      <seq id="s2" epub:textref="../text/c1.xhtml#list">
        <par id="p2"><text src="../text/c1.xhtml#item%201"/><audio src="../audio/c1.mp3" clipBegin="1.5s" clipEnd="3s"/></par>
        <par id="p3"><text src="../text/c1.xhtml#item2"/><audio src="../audio/c1.mp3" clipBegin="npt=3s" clipEnd="4500ms"/></par>
      </seq>
      <par id="p4"><text src="../text/c2.xhtml#p"/><audio src="../audio/c2.mp3" clipBegin="2s"/></par>
      <par id="silent"><text src="../text/c1.xhtml#img"/></par>
      <par id="backwards"><text src="../text/c1.xhtml#x"/><audio src="../audio/c1.mp3" clipBegin="5s" clipEnd="4s"/></par>
    </seq>
  </body>
</smil>`
  const base = 'https://koma.test/api/epub/1/OPS/smil/c1.smil'

  it('lists its clips in playing order, nested seq included, text and audio resolved against the SMIL', () => {
    expect(parseSmil(smil, base)).toEqual([
      {
        document: 'https://koma.test/api/epub/1/OPS/text/c1.xhtml',
        fragment: 'h1',
        audio: 'https://koma.test/api/epub/1/OPS/audio/c1.mp3',
        begin: 0,
        end: 1.5,
      },
      {
        document: 'https://koma.test/api/epub/1/OPS/text/c1.xhtml',
        fragment: 'item 1',
        audio: 'https://koma.test/api/epub/1/OPS/audio/c1.mp3',
        begin: 1.5,
        end: 3,
      },
      {
        document: 'https://koma.test/api/epub/1/OPS/text/c1.xhtml',
        fragment: 'item2',
        audio: 'https://koma.test/api/epub/1/OPS/audio/c1.mp3',
        begin: 3,
        end: 4.5,
      },
      {
        document: 'https://koma.test/api/epub/1/OPS/text/c2.xhtml',
        fragment: 'p',
        audio: 'https://koma.test/api/epub/1/OPS/audio/c2.mp3',
        begin: 2,
        end: null,
      },
    ])
  })

  it('gives a document its own clips', () => {
    const clips = parseSmil(smil, base)
    expect(clipsOf(clips, 'https://koma.test/api/epub/1/OPS/text/c1.xhtml#top').map((clip) => clip.fragment)).toEqual(['h1', 'item 1', 'item2'])
    expect(clipsOf(clips, 'https://koma.test/api/epub/1/OPS/text/c3.xhtml')).toEqual([])
  })

  it('reads a SMIL without the namespace, and nothing of one that is not XML', () => {
    expect(
      parseSmil('<smil><body><par><text src="a.xhtml#x"/><audio src="a.wav" clipBegin="0" clipEnd="1"/></par></body></smil>', 'https://k.test/OPS/a.smil'),
    ).toEqual([{ document: 'https://k.test/OPS/a.xhtml', fragment: 'x', audio: 'https://k.test/OPS/a.wav', begin: 0, end: 1 }])
    expect(parseSmil('<smil><body><par>', 'https://k.test/OPS/a.smil')).toEqual([])
  })
})
