import type { useOpsForm } from './form'

/** A yes/no field of a console form: a checkbox whose value the API reads as 'true' or 'false'. */
export function FlagField({ form, name, label }: { form: ReturnType<typeof useOpsForm>; name: string; label: string }) {
  return (
    <label css={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 16, fontWeight: 700 }}>
      <input
        type="checkbox"
        name={name}
        checked={form.fields[name] === 'true'}
        onChange={(event) => form.setFields((current) => ({ ...current, [name]: event.target.checked ? 'true' : 'false' }))}
        css={{ width: 20, height: 20 }}
      />
      {label}
    </label>
  )
}
