import { translate } from '@/lib/i18n'

/**
 * Where the set page's back link goes: to the page that opened the set when it said so (a class
 * page passes `{ backTo: { path, label } }` as the link's state), else My Sets for the owner and
 * Public Sets for anyone else. Only an in-app path is taken from the state.
 */
export interface BackLink {
  path: string
  label: string
}

export function setBackLink(state: unknown, isOwner: boolean): BackLink {
  const backTo = typeof state === 'object' && state !== null && 'backTo' in state ? (state as { backTo: unknown }).backTo : undefined
  if (typeof backTo === 'object' && backTo !== null) {
    const { path, label } = backTo as { path?: unknown; label?: unknown }
    if (typeof path === 'string' && typeof label === 'string' && path.startsWith('/') && !path.startsWith('//') && label.trim())
      return { path, label: translate('sets.backTo', { label }) }
  }
  return isOwner ? { path: '/my-sets', label: translate('sets.backToMySets') } : { path: '/public-sets', label: translate('sets.backToPublicSets') }
}

/** The link state a class page gives its set links, so the set's back link returns to the class. */
export function backToState(path: string, label: string): { backTo: BackLink } {
  return { backTo: { path, label } }
}
