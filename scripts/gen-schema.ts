/**
 * Generates the references that must follow the code:
 * - perf-gate.schema.json, the JSON Schema of perf-gate.yml (input side, so keys with defaults are
 *   optional) from the zod schema in src/config/schema.ts, for editor completion;
 * - the configuration reference in docs/configuration.md, from the same schema's `.describe()` texts;
 * - the action's inputs/outputs tables in docs/action.md, from action.yml.
 *
 *   npm run schema              rewrite the three
 *   npm run schema -- --check   exit 1 when any of them is stale (CI; test/unit/docs runs the same check)
 *
 * The functions are pure and exported so the unit test can call them; main() does the file I/O.
 * Runs under `node --experimental-strip-types`, which needs `.ts` in local import paths; the schema is
 * therefore loaded with a computed dynamic import (tsc would reject a literal `.ts` specifier here).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as prettier from 'prettier'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const SCHEMA_FILE = 'perf-gate.schema.json'
/** The page that holds the generated configuration reference (between the config-reference markers). */
export const CONFIG_DOC = 'docs/configuration.md'
export const ACTION_DOC = 'docs/action.md'

/** A JSON Schema node as zod 4 emits it (only what the renderers read). */
export interface JsonSchemaNode {
  type?: string | string[]
  description?: string
  default?: unknown
  const?: unknown
  enum?: unknown[]
  pattern?: string
  format?: string
  properties?: Record<string, JsonSchemaNode>
  required?: string[]
  additionalProperties?: JsonSchemaNode | boolean
  items?: JsonSchemaNode
  anyOf?: JsonSchemaNode[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  [key: string]: unknown
}

/**
 * JSON Schema patterns have no flags, so a zod regex with the `i` flag (e.g. names) would be stricter
 * in editors than in perf-gate. Character-class ranges are widened to both cases; any other letter
 * in such a pattern cannot be widened this simply, so it is an error rather than a silent mismatch.
 */
export function caseInsensitivePattern(source: string): string {
  let out = ''
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string
    if (ch === '\\') {
      out += source.slice(i, i + 2)
      i++
      continue
    }
    if (ch === '[') inClass = true
    else if (ch === ']') inClass = false
    const range = source.slice(i, i + 3)
    if (inClass && /^[a-z]-[a-z]$/.test(range)) {
      out += `${range}${range.toUpperCase()}`
      i += 2
      continue
    }
    if (/[a-zA-Z]/.test(ch))
      throw new Error(`cannot express the case-insensitive pattern /${source}/i in JSON Schema`)
    out += ch
  }
  return out
}

interface ZodInternals {
  _zod: { def: { checks?: { _zod: { def: { check?: string; pattern?: RegExp } } }[] } }
}

/** The JSON Schema of a config file as the user writes it (defaults make keys optional). */
export function buildJsonSchema(schema: z.ZodType): JsonSchemaNode {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    override: (ctx) => {
      const node = ctx.jsonSchema as JsonSchemaNode
      // zod names its startsWith check as a format; JSON Schema has no such format and the pattern
      // already says it, so drop it (strict validators reject unknown formats).
      if (node.format === 'starts_with') delete node.format
      const checks = (ctx.zodSchema as unknown as ZodInternals)._zod.def.checks ?? []
      for (const check of checks) {
        const regex = check._zod.def.pattern
        if (regex?.flags.includes('i') && node.pattern === regex.source)
          node.pattern = caseInsensitivePattern(regex.source)
      }
    },
  }) as JsonSchemaNode
  const { $schema, ...rest } = json
  return {
    $schema,
    // Versioned with the config format (`version: 1` in perf-gate.yml), not with the package: every
    // release that reads version 1 configs ships this same schema.
    $id: 'urn:perf-gate:config:v1',
    title: 'perf-gate configuration (perf-gate.yml)',
    description: 'Generated from src/config/schema.ts by `npm run schema`; do not edit by hand.',
    ...rest,
  }
}

/** The committed file's text: stable key order as zod emits it, two-space indent, final newline. */
export function renderJsonSchema(schema: z.ZodType): string {
  return `${JSON.stringify(buildJsonSchema(schema), null, 2)}\n`
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER

/** A short type for the tables: `integer ≥ 1`, `"warn" \| "fail"`, `duration`, `map of string`. */
export function describeType(node: JsonSchemaNode): string {
  if (node.const !== undefined) return JSON.stringify(node.const)
  if (node.enum) return node.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (node.anyOf) return node.anyOf.map(describeType).join(' | ')
  if (Array.isArray(node.type)) return node.type.join(' | ')
  switch (node.type) {
    case 'string':
      // DURATION_PATTERN in src/config/schema.ts
      if (node.pattern === '^(?:\\d+(?:\\.\\d+)?(?:ms|s|m|h))+$') return 'duration'
      return 'string'
    case 'number':
    case 'integer': {
      const bounds: string[] = []
      if (node.exclusiveMinimum !== undefined) bounds.push(`> ${node.exclusiveMinimum}`)
      if (node.minimum !== undefined && node.minimum !== -MAX_SAFE) bounds.push(`≥ ${node.minimum}`)
      if (node.exclusiveMaximum !== undefined) bounds.push(`< ${node.exclusiveMaximum}`)
      if (node.maximum !== undefined && node.maximum !== MAX_SAFE) bounds.push(`≤ ${node.maximum}`)
      return [node.type, bounds.join(', ')].filter(Boolean).join(' ')
    }
    case 'array':
      return node.items ? `${wrapCompound(describeType(node.items))}[]` : 'array'
    case 'object':
      if (!node.properties && typeof node.additionalProperties === 'object')
        return `map of ${describeType(node.additionalProperties)}`
      return 'object'
    case undefined:
      return 'any'
    default:
      return node.type
  }
}

function wrapCompound(type: string): string {
  return type.includes(' ') ? `(${type})` : type
}

export interface ReferenceRow {
  key: string
  type: string
  default: string
  description: string
}

/**
 * Rows for every key under an object node, depth first: `wait`, `wait.http`, `wait.http.port`, ...
 * Arrays of objects continue as `files[].source`, maps of objects as `services.<name>.image`.
 */
export function referenceRows(node: JsonSchemaNode, prefix = ''): ReferenceRow[] {
  const rows: ReferenceRow[] = []
  const required = new Set(node.required ?? [])
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const name = `${prefix}${key}`
    rows.push({
      key: name,
      type: describeType(child),
      default: describeDefault(child, required.has(key)),
      description: child.description ?? '',
    })
    rows.push(...nestedRows(child, name))
  }
  return rows
}

/**
 * The default as JSON; an object whose default is just its keys' defaults (e.g. `gate`) says so
 * instead of repeating them all in one cell.
 */
function describeDefault(node: JsonSchemaNode, required: boolean): string {
  if (node.default === undefined) return required ? 'required' : 'optional'
  const value = node.default
  if (node.properties && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const own = Object.fromEntries(
      Object.entries(node.properties)
        .filter(([, child]) => child.default !== undefined)
        .map(([key, child]) => [key, child.default]),
    )
    if (JSON.stringify(own) === JSON.stringify(value)) return 'see keys'
  }
  return JSON.stringify(value)
}

function nestedRows(node: JsonSchemaNode, name: string): ReferenceRow[] {
  if (node.type === 'object' && node.properties) return referenceRows(node, `${name}.`)
  if (node.type === 'array' && node.items?.properties) return referenceRows(node.items, `${name}[].`)
  if (node.type === 'object' && typeof node.additionalProperties === 'object') {
    const value = node.additionalProperties
    if (value.properties) return referenceRows(value, `${name}.<${singular(name)}>.`)
  }
  return []
}

function singular(key: string): string {
  const last = key.split('.').pop() ?? key
  return last.endsWith('s') ? last.slice(0, -1) : last
}

/** Plain text in a table cell: `|` would end the cell, `<x>` would be taken for an HTML tag. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('\n', ' ')
}

function codeCell(text: string): string {
  if (text === 'required' || text === 'optional' || text === 'see keys') return text
  return `\`${text.replaceAll('|', '\\|')}\``
}

/** A markdown table; `code` marks the columns rendered as inline code. */
export function markdownTable(header: string[], rows: string[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`]
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`)
  return lines.join('\n')
}

function rowsTable(rows: ReferenceRow[]): string {
  return markdownTable(
    ['Key', 'Type', 'Default', 'Description'],
    rows.map((r) => [`\`${r.key}\``, codeCell(r.type), codeCell(r.default), cell(r.description)]),
  )
}

/** What each section of the config is, keyed by its top-level key (the tables give the details). */
const SECTIONS: {
  key: string
  heading: string
  intro: string
  item: (node: JsonSchemaNode) => JsonSchemaNode
}[] = [
  {
    key: 'services',
    heading: '`services.<name>`',
    intro:
      'The containers of the stack, keyed by name; each is reachable from the others (and in URLs below) under that name.',
    item: (node) => node.additionalProperties as JsonSchemaNode,
  },
  {
    key: 'stack',
    heading: '`stack`',
    intro: '',
    item: (node) => (node.anyOf?.find((n) => n.type === 'object') ?? node) as JsonSchemaNode,
  },
  {
    key: 'profiles',
    heading: '`profiles[]`',
    intro: 'What k6 is pointed at: a route through the gateway, set up with its policies, or a control.',
    item: (node) => node.items as JsonSchemaNode,
  },
  {
    key: 'scenarios',
    heading: '`scenarios[]`',
    intro:
      'The load shapes; each runs on every profile, or on those it lists (a cell per profile and level, see "Sweeps").',
    item: (node) => node.items as JsonSchemaNode,
  },
  { key: 'gate', heading: '`gate`', intro: 'The gate policy.', item: (node) => node },
  { key: 'k6', heading: '`k6`', intro: '', item: (node) => node },
  { key: 'baseline', heading: '`baseline`', intro: 'Where the stored baseline lives.', item: (node) => node },
  {
    key: 'report',
    heading: '`report`',
    intro: 'The figures of the report (see "Figures").',
    item: (node) => node,
  },
  {
    key: 'baselineVariant',
    heading: '`baselineVariant`',
    intro: 'The baseline side of a paired (A/B) comparison.',
    item: (node) => node,
  },
]

/** The configuration reference (docs/configuration.md): the top-level keys, then one table per section. */
export function renderConfigReference(json: JsonSchemaNode): string {
  const properties = json.properties ?? {}
  const sectionKeys = new Set(SECTIONS.map((s) => s.key))
  const top = referenceRows({ ...json, properties: properties }, '').filter(
    (row) => !row.key.includes('.') && !row.key.includes('['),
  )
  const parts = [
    '<!-- Generated by `npm run schema` from src/config/schema.ts; edit the schema, not this table. -->',
    '### Top level',
    rowsTable(
      top.map((row) =>
        sectionKeys.has(row.key)
          ? { ...row, description: row.description || `See \`${row.key}\` below.` }
          : row,
      ),
    ),
  ]
  for (const section of SECTIONS) {
    const node = properties[section.key]
    if (!node) throw new Error(`the schema has no top-level "${section.key}"`)
    const item = section.item(node)
    parts.push(`### ${section.heading}`, [section.intro, node.description].filter(Boolean).join(' '))
    parts.push(rowsTable(referenceRows(item)))
  }
  const unknown = Object.keys(properties).filter(
    (k) => !sectionKeys.has(k) && !top.some((row) => row.key === k),
  )
  if (unknown.length > 0) throw new Error(`keys missing from the reference: ${unknown.join(', ')}`)
  return parts.join('\n\n')
}

interface ActionYaml {
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>
  outputs?: Record<string, { description?: string }>
}

/** The action reference (docs/action.md): inputs and outputs tables from action.yml. */
export function renderActionIo(actionYmlText: string): string {
  const action = parseYaml(actionYmlText) as ActionYaml
  const inputs = Object.entries(action.inputs ?? {}).map(([name, input]) => [
    `\`${name}\``,
    input.default !== undefined && input.default !== '' ? `\`${input.default}\`` : '',
    input.required ? 'yes' : 'no',
    cell((input.description ?? '').trim()),
  ])
  const outputs = Object.entries(action.outputs ?? {}).map(([name, output]) => [
    `\`${name}\``,
    cell((output.description ?? '').trim()),
  ])
  return [
    '<!-- Generated by `npm run schema` from action.yml; edit action.yml, not these tables. -->',
    '### Inputs',
    markdownTable(['Input', 'Default', 'Required', 'Description'], inputs),
    '### Outputs',
    markdownTable(['Output', 'Description'], outputs),
  ].join('\n\n')
}

/** Replaces what lies between `<!-- NAME:start -->` and `<!-- NAME:end -->`. Both markers must exist once. */
export function replaceBetweenMarkers(
  text: string,
  name: string,
  content: string,
  file = 'README.md',
): string {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to === -1 || to < from || text.indexOf(start, from + 1) !== -1)
    throw new Error(`${file} needs exactly one "${start}" followed by "${end}"`)
  return `${text.slice(0, from + start.length)}\n\n${content.trim()}\n\n${text.slice(to)}`
}

/** Formats generated markdown the way `prettier --check .` expects it (tables are aligned). */
async function formatMarkdown(markdown: string): Promise<string> {
  const options = (await prettier.resolveConfig(path.join(ROOT, 'README.md'))) ?? {}
  return prettier.format(markdown, { ...options, parser: 'markdown' })
}

export interface Sources {
  schema: z.ZodType
  /** docs/action.md as committed. */
  actionDoc: string
  /** docs/configuration.md as committed. */
  configDoc: string
  actionYml: string
}

export interface Generated {
  schemaJson: string
  actionDoc: string
  configDoc: string
}

/** Everything `npm run schema` writes, from the current sources. */
export async function generate(sources: Sources): Promise<Generated> {
  const json = buildJsonSchema(sources.schema)
  const config = await formatMarkdown(renderConfigReference(json))
  const io = await formatMarkdown(renderActionIo(sources.actionYml))
  const configDoc = replaceBetweenMarkers(sources.configDoc, 'config-reference', config, CONFIG_DOC)
  const actionDoc = replaceBetweenMarkers(sources.actionDoc, 'action-io', io, ACTION_DOC)
  return { schemaJson: renderJsonSchema(sources.schema), actionDoc, configDoc }
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes('--check')
  // src/ imports its siblings as `./x.js` (what tsc and esbuild expect); under strip-types only the
  // `.ts` file exists, so resolve a missing local `.js` to its `.ts`.
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith('file:')) {
        const candidate = new URL(specifier, context.parentURL)
        if (!existsSync(fileURLToPath(candidate)))
          return nextResolve(specifier.replace(/\.js$/, '.ts'), context)
      }
      return nextResolve(specifier, context)
    },
  })
  const schemaUrl = pathToFileURL(path.join(ROOT, 'src', 'config', 'schema.ts')).href
  const { configSchema } = (await import(schemaUrl)) as typeof import('../src/config/schema.js')
  const files = {
    schema: path.join(ROOT, SCHEMA_FILE),
    actionDoc: path.join(ROOT, ACTION_DOC),
    configDoc: path.join(ROOT, CONFIG_DOC),
    action: path.join(ROOT, 'action.yml'),
  }
  const readOr = (file: string) => {
    try {
      return readFileSync(file, 'utf8')
    } catch {
      return ''
    }
  }
  const actionDoc = readOr(files.actionDoc)
  const configDoc = readOr(files.configDoc)
  const generated = await generate({
    schema: configSchema,
    actionDoc,
    configDoc,
    actionYml: readOr(files.action),
  })
  const changes = [
    { file: files.schema, before: readOr(files.schema), after: generated.schemaJson },
    { file: files.actionDoc, before: actionDoc, after: generated.actionDoc },
    { file: files.configDoc, before: configDoc, after: generated.configDoc },
  ].filter((c) => c.before !== c.after)
  for (const change of changes) {
    const name = path.relative(ROOT, change.file)
    if (check) console.error(`${name} is stale: run \`npm run schema\` and commit the result`)
    else {
      writeFileSync(change.file, change.after)
      console.log(`wrote ${name}`)
    }
  }
  if (changes.length === 0) console.log(`${SCHEMA_FILE}, ${ACTION_DOC} and ${CONFIG_DOC} are up to date`)
  return check && changes.length > 0 ? 1 : 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`gen-schema: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(2)
    },
  )
}
