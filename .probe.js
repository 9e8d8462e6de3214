const acorn = require('acorn'); const fs=require('fs')
const files = process.argv.slice(2)
for (const f of files) {
const src = fs.readFileSync(f,'utf8')
const ast = acorn.parse(src,{ecmaVersion:'latest',sourceType:'module'})
const strings=[]
;(function walk(n){ if(!n||typeof n.type!=='string')return; if(n.type==='Literal'&&typeof n.value==='string'&&n.value.length>200)strings.push(n.value); if(n.type==='TemplateLiteral'&&n.expressions.length===0&&n.quasis[0].value.cooked.length>200)strings.push(n.quasis[0].value.cooked); for(const k in n){const v=n[k]; if(Array.isArray(v))v.forEach(walk); else if(v&&typeof v.type==='string')walk(v)} })(ast)
for (const s of strings){ let latest=false; try{acorn.parse(s,{ecmaVersion:'latest',sourceType:'script'});latest=true}catch{} if(!latest)continue; try{acorn.parse(s,{ecmaVersion:2020,sourceType:'script'}); console.log(f,'ok', s.length, JSON.stringify(s.slice(0,60)))}catch(e){console.log(f,'FAIL',s.length,e.message, JSON.stringify(s.slice(e.pos-50,e.pos+30)))} }
}
