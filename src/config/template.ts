/**
 * `{{name}}` templates in setup calls and profile headers: the repeat index `{{i}}` and values captured
 * from earlier setup responses. Pure. Only named placeholders are replaced (no expressions), so a
 * config cannot compute anything, and a captured value is inserted as text, never re-expanded.
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w{0,63})\s*\}\}/g

/** The placeholder names a text uses, in order of first use. */
export function templateNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))]
}

/** Every placeholder name in the strings of a JSON-like value (a setup call's body). */
export function templateNamesIn(value: unknown): string[] {
  if (typeof value === 'string') return templateNames(value)
  if (Array.isArray(value)) return [...new Set(value.flatMap(templateNamesIn))]
  if (value !== null && typeof value === 'object')
    return [...new Set(Object.values(value).flatMap(templateNamesIn))]
  return []
}

/**
 * Replaces `{{name}}` by `values[name]`; a name without a value is an error naming it (the config
 * check makes that unreachable for configs that passed validation).
 */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`{{${name}}} has no value`)
    return value
  })
}

/** fillTemplate over every string of a JSON-like value; keys are left as they are. */
export function fillTemplateIn(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return fillTemplate(value, values)
  if (Array.isArray(value)) return value.map((item) => fillTemplateIn(item, values))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTemplateIn(v, values)]))
  return value
}
