import { z } from 'zod'
import { listItemOf, responseSchemas } from '#shared/api/responses'
import type { AnswerSpec } from '#shared/api/contract'
import type { ResponseDoc, RouteAuth, RouteDoc } from './route'

/**
 * Builds the OpenAPI 3.1 document of the API from the routes' own declarations (`route` in
 * ./route.ts): their paths, auth, request schemas (as the client sends them, zod's io 'input')
 * and answers (the shapes of shared/api/responses.ts). Nothing here is written by hand per route,
 * so the document cannot drift from what the server does.
 */

type JsonSchema = Record<string, unknown>

const SCHEMA_REF = '#/components/schemas/'
const ref = (name: string): JsonSchema => ({ $ref: `${SCHEMA_REF}${name}` })

const AUTH_TEXT: Record<RouteAuth, string> = {
  none: 'Open to visitors; a valid token, when sent, makes the caller known (a bad one gets 401).',
  token: 'Needs a valid token (401 otherwise).',
  verified: 'Needs a valid token of a verified account (401 without one, 403 `unverified` for an unverified account).',
  owner: "Needs a valid token of the owner of what the path names (401 without one; someone else's public set: 403; anything the caller may not see: 404).",
}

/** A zod schema as JSON Schema (2020-12, which OpenAPI 3.1 uses), without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** `/api/sets/:id` -> `/api/sets/{id}`, and the names of its parameters. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = []
  const converted = path.replace(/:(\w+)/g, (_, name: string) => {
    params.push(name)
    return `{${name}}`
  })
  return { path: converted, params }
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
    // `tag=A&tag=B`: arrays repeat the parameter.
    ...(property.type === 'array' || Array.isArray(property.anyOf) ? { style: 'form', explode: true } : {}),
  }))
}

/** The names of the shapes of shared/api/responses.ts, by schema. */
const schemaNames = new Map<z.ZodType, string>(Object.entries(responseSchemas).map(([name, schema]) => [schema, name]))

/** A route's answer as the document shows it: a named shape by reference, a list of one as `<Name>List`, else inline. */
function answerSchema(answer: z.ZodType): JsonSchema {
  const name = schemaNames.get(answer)
  const item = listItemOf(answer)
  const itemName = item && schemaNames.get(item)
  if (itemName) return ref(`${itemName}List`)
  if (name) return ref(name)
  return jsonSchema(answer, 'output')
}

function responseObject(status: number, doc: ResponseDoc, answer: AnswerSpec): JsonSchema {
  const json = answer !== null && answer !== 'file' && status !== 204 && status !== 304
  if (!json && !doc.contentTypes) return { description: doc.description }
  const schema = json ? answerSchema(answer) : {}
  const types = doc.contentTypes ?? ['application/json']
  return { description: doc.description, content: Object.fromEntries(types.map((type) => [type, { schema }])) }
}

/** A JSON body by its schema; a raw body (an upload) as bytes of each type it takes. */
function requestBody(doc: RouteDoc): { requestBody?: JsonSchema } {
  if (doc.body) return { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body, 'input') } } } }
  if (doc.rawBody) {
    const bytes = { type: 'string', format: 'binary' }
    return {
      requestBody: {
        required: true,
        description: doc.rawBody.description,
        content: Object.fromEntries(doc.rawBody.contentTypes.map((type) => [type, { schema: bytes }])),
      },
    }
  }
  return {}
}

function operation(doc: RouteDoc, params: string[]): JsonSchema {
  const responses: Record<string, JsonSchema> = Object.fromEntries(
    Object.entries(doc.responses).map(([status, response]) => [status, responseObject(Number(status), response, doc.answer)]),
  )
  responses.default = { description: 'An error: the status and `error.code` say which.', content: { 'application/json': { schema: ref('Error') } } }
  return {
    summary: doc.summary,
    description: [doc.description, AUTH_TEXT[doc.auth]].filter(Boolean).join('\n\n'),
    operationId: `${doc.method.toLowerCase()}${doc.path.replace(/^\/api/, '').replace(/[/:\-.](\w)/g, (_, c: string) => c.toUpperCase())}`,
    'x-auth': doc.auth,
    security: doc.auth === 'none' ? [] : [{ bearerToken: [] }],
    parameters: [...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })), ...(doc.query ? queryParameters(doc.query) : [])],
    ...requestBody(doc),
    responses,
  }
}

/** The shapes of shared/api/responses.ts, plus a paged list of each shape a route answers a list of. */
function componentSchemas(docs: RouteDoc[]): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = Object.fromEntries(Object.entries(responseSchemas).map(([name, schema]) => [name, jsonSchema(schema, 'output')]))
  for (const doc of docs) {
    const item = doc.answer !== null && doc.answer !== 'file' ? listItemOf(doc.answer) : undefined
    const name = item && schemaNames.get(item)
    if (name) {
      schemas[`${name}List`] = {
        type: 'object',
        properties: {
          items: { type: 'array', items: ref(name) },
          page: { type: 'integer' },
          perPage: { type: 'integer' },
          totalItems: { type: 'integer' },
          totalPages: { type: 'integer' },
        },
        required: ['items', 'page', 'perPage', 'totalItems', 'totalPages'],
        additionalProperties: false,
      }
    }
  }
  return schemas
}

export function buildOpenApiDocument(docs: RouteDoc[], info: { version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const doc of docs) {
    const { path, params } = openApiPath(doc.path)
    paths[path] = { ...paths[path], [doc.method.toLowerCase()]: operation(doc, params) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cardwise API',
      version: info.version,
      description:
        'The JSON API of Cardwise, generated from the routes the server declares. Bodies are JSON unless a route says otherwise; every status >= 400 answers the `Error` body; lists take `page` and `perPage` (at most 500).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: componentSchemas(docs),
      securitySchemes: { bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  }
}
