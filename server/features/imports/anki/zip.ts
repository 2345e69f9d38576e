import { inflateRawSync } from 'node:zlib'

/**
 * Reading a zip (an Anki package) without trusting it. The central directory is read first and
 * checked against the limits before anything is inflated: the entry count, and the total of
 * the sizes the entries declare. Each entry is then inflated and refused as
 * soon as it yields more than it declared, so a zip bomb (a tiny entry that claims little and
 * inflates to gigabytes) costs at most one step of work. Inflated by Node's own zlib
 * (`maxOutputLength` stops it at the declared size), several times faster than a JavaScript
 * inflater on the import worker's thread.
 */

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number
  /** Sum of the entries' declared uncompressed sizes, in bytes. */
  maxUncompressedBytes: number
}

export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  size: number
  localHeaderOffset: number
}

/** A package the reader refuses; the message is shown to the student as it is. */
export class PackageError extends Error {}

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] as number) | ((bytes[at + 1] as number) << 8)
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0

const broken = () => new PackageError('This file is not a valid Anki package (the zip archive is damaged).')

/** The central directory's entries, checked against the limits. */
export function listZip(bytes: Uint8Array, limits: ZipLimits): Map<string, ZipEntry> {
  let eocd = -1
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (u32(bytes, at) === EOCD_SIGNATURE) {
      eocd = at
      break
    }
  }
  if (eocd < 0) throw broken()
  const count = u16(bytes, eocd + 10)
  const directoryOffset = u32(bytes, eocd + 16)
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new PackageError('This package uses ZIP64, which is not supported.')
  if (count > limits.maxEntries) {
    throw new PackageError(`This package has ${count} files; at most ${limits.maxEntries} are accepted.`)
  }
  const entries = new Map<string, ZipEntry>()
  let declared = 0
  let at = directoryOffset
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL_SIGNATURE) throw broken()
    const nameLength = u16(bytes, at + 28)
    const extraLength = u16(bytes, at + 30)
    const commentLength = u16(bytes, at + 32)
    if (at + 46 + nameLength > bytes.length) throw broken()
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      localHeaderOffset: u32(bytes, at + 42),
    }
    declared += entry.size
    if (declared > limits.maxUncompressedBytes) {
      throw new PackageError(`This package would unpack to more than ${formatBytes(limits.maxUncompressedBytes)}; it was refused.`)
    }
    entries.set(entry.name, entry)
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`
}

/** One entry's bytes, refused as soon as it inflates to more than it declared. */
export function readEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const local = entry.localHeaderOffset
  if (local + 30 > bytes.length || u32(bytes, local) !== LOCAL_SIGNATURE) throw broken()
  const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28)
  const end = start + entry.compressedSize
  if (end > bytes.length) throw broken()
  const data = bytes.subarray(start, end)
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw broken()
    return data.slice()
  }
  if (entry.method !== 8) throw new PackageError(`This package uses a zip compression method (${entry.method}) that is not supported.`)
  let out: Buffer
  try {
    // Native inflate (zlib) stops as soon as the output passes what the entry declared.
    out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) })
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new PackageError('This package looks like a zip bomb (a file inflates to more than it declares); it was refused.')
    }
    throw broken()
  }
  if (out.length !== entry.size) throw broken()
  // A small output may sit in Node's shared buffer pool, which cannot be transferred to another thread: copied.
  return out.byteLength === out.buffer.byteLength ? new Uint8Array(out.buffer) : new Uint8Array(out)
}
