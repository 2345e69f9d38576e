/**
 * The little of the protobuf wire format Anki's newer files need (the `media` list, `meta`, a
 * notetype's config): fields are read one by one, no schema. Written by hand because three
 * messages with two or three fields each do not justify a protobuf runtime and generated code.
 */

export type ProtoValue = { wire: 0; value: bigint } | { wire: 2; value: Uint8Array } | { wire: 1 | 5; value: Uint8Array }

export interface ProtoField {
  field: number
  entry: ProtoValue
}

export class ProtoError extends Error {}

function readVarint(bytes: Uint8Array, start: number): { value: bigint; next: number } {
  let value = 0n
  let shift = 0n
  for (let at = start; at < bytes.length && shift < 70n; at++) {
    const byte = bytes[at] as number
    value |= BigInt(byte & 0x7f) << shift
    if ((byte & 0x80) === 0) return { value, next: at + 1 }
    shift += 7n
  }
  throw new ProtoError('truncated varint')
}

/** Every field of one message, in order (repeated fields appear once per value). */
export function readMessage(bytes: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = []
  let at = 0
  while (at < bytes.length) {
    const key = readVarint(bytes, at)
    at = key.next
    const field = Number(key.value >> 3n)
    const wire = Number(key.value & 7n)
    if (wire === 0) {
      const varint = readVarint(bytes, at)
      at = varint.next
      fields.push({ field, entry: { wire: 0, value: varint.value } })
    } else if (wire === 2) {
      const length = readVarint(bytes, at)
      const end = length.next + Number(length.value)
      if (length.value > BigInt(bytes.length) || end > bytes.length) throw new ProtoError('truncated field')
      fields.push({ field, entry: { wire: 2, value: bytes.subarray(length.next, end) } })
      at = end
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4
      if (at + size > bytes.length) throw new ProtoError('truncated field')
      fields.push({ field, entry: { wire, value: bytes.subarray(at, at + size) } })
      at += size
    } else {
      throw new ProtoError(`unsupported wire type ${wire}`)
    }
  }
  return fields
}

/** The last varint of `field` (proto3 semantics: the last one wins), or 0 when absent. */
export function varintField(fields: ProtoField[], field: number): number {
  let result = 0
  for (const item of fields) if (item.field === field && item.entry.wire === 0) result = Number(item.entry.value)
  return result
}

/** The last length-delimited value of `field`, or undefined. */
export function bytesField(fields: ProtoField[], field: number): Uint8Array | undefined {
  let result: Uint8Array | undefined
  for (const item of fields) if (item.field === field && item.entry.wire === 2) result = item.entry.value
  return result
}

export function stringField(fields: ProtoField[], field: number): string | undefined {
  const bytes = bytesField(fields, field)
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes)
}

/** Every length-delimited value of a repeated `field`. */
export function repeatedBytes(fields: ProtoField[], field: number): Uint8Array[] {
  return fields.flatMap((item) => (item.field === field && item.entry.wire === 2 ? [item.entry.value] : []))
}
