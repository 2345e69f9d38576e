import { FOLDER_MAX_DEPTH } from '#shared/limits'

/** The rules of nesting folders (issue 31), on a user's folders as a list: pure, unit tested. */

export interface TreeFolder {
  id: string
  parent_id: string | null
  name: string
}

/** How deep the folder sits: 1 at the top. */
export function depthOf(folders: Map<string, TreeFolder>, id: string): number {
  let depth = 0
  let current: string | null = id
  // A cycle cannot be stored (moves are checked), but a bound keeps a broken row from looping forever.
  while (current !== null && depth <= folders.size) {
    depth += 1
    current = folders.get(current)?.parent_id ?? null
  }
  return depth
}

/** The folder and every folder below it, the folder first, then depth first by name. */
export function subtreeOf(folders: TreeFolder[], id: string): string[] {
  const children = new Map<string | null, TreeFolder[]>()
  for (const folder of folders) children.set(folder.parent_id, [...(children.get(folder.parent_id) ?? []), folder])
  const order: string[] = []
  const visit = (folderId: string) => {
    if (order.includes(folderId)) return
    order.push(folderId)
    for (const child of [...(children.get(folderId) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) visit(child.id)
  }
  visit(id)
  return order
}

/** How many levels the folder's subtree spans: 1 for a folder without sub-folders. */
export function heightOf(folders: TreeFolder[], id: string): number {
  const byId = new Map(folders.map((folder) => [folder.id, folder]))
  const base = depthOf(byId, id)
  return Math.max(...subtreeOf(folders, id).map((member) => depthOf(byId, member) - base + 1))
}

/**
 * What moving `id` under `parentId` (null: the top) would break: 'cycle' when the parent is the
 * folder or one of its sub-folders, 'too-deep' past FOLDER_MAX_DEPTH levels, else null.
 */
export function moveProblem(folders: TreeFolder[], id: string | null, parentId: string | null): 'cycle' | 'too-deep' | null {
  if (parentId === null) return id === null ? null : heightOf(folders, id) > FOLDER_MAX_DEPTH ? 'too-deep' : null
  if (id !== null && subtreeOf(folders, id).includes(parentId)) return 'cycle'
  const byId = new Map(folders.map((folder) => [folder.id, folder]))
  const height = id === null ? 1 : heightOf(folders, id)
  return depthOf(byId, parentId) + height > FOLDER_MAX_DEPTH ? 'too-deep' : null
}
