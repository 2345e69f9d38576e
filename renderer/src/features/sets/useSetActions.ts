import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { ConfirmRequest } from '@/components/ConfirmDialog'
import { errorMessage } from '@/lib/api'
import { copyText } from '@/lib/browser'
import { useShared, useT } from '@/lib/i18n'
import { addReverseToAllCards, setsApi } from './sets-api'
import type { useStudySet } from './useStudySet'

/**
 * The set page's actions on the set and its cards (Make Public or Private, Delete Set, Add reverse
 * to all cards, Copy Link, Save a copy, a card's Delete), with what the page shows of them: busy
 * while one runs, its error, and its status line.
 */
export function useSetActions(set: StudySet, loaded: ReturnType<typeof useStudySet>, confirm: (request: ConfirmRequest) => Promise<boolean>) {
  const t = useT()
  const setMessages = useShared('setMessages')
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [status, setStatus] = useState('')

  const toggleVisibility = async () => {
    setError('')
    setBusy(true)
    try {
      loaded.setUpdated(await setsApi.update(set.id, { isPublic: !set.isPublic }))
    } catch {
      setError(setMessages.updateFailed)
    } finally {
      setBusy(false)
    }
  }

  const deleteSet = async () => {
    const confirmed = await confirm({ title: t('sets.actions.delete'), message: setMessages.deleteSetConfirm, confirmLabel: t('common.delete'), danger: true })
    if (!confirmed) return
    setError('')
    setBusy(true)
    try {
      await setsApi.remove(set.id)
      navigate('/dashboard')
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  /** Every basic card not yet asked in reverse is, from now on; the cards in hand show it. */
  const addReverseToAll = async () => {
    setError('')
    setBusy(true)
    try {
      for (const card of await addReverseToAllCards(set.id)) loaded.cardUpdated(card)
      setStatus(setMessages.reverseAdded)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  const copyLink = async () => {
    window.alert((await copyText(window.location.href)) ? setMessages.linkCopied : setMessages.linkCopyFailed)
  }

  const saveCopy = async () => {
    setError('')
    setBusy(true)
    try {
      const copy = await setsApi.copy(set.id)
      navigate(`/study-sets/${encodeURIComponent(copy.id)}`)
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  const deleteCard = async (card: Flashcard) => {
    const confirmed = await confirm({
      title: t('sets.detail.deleteCard'),
      message: setMessages.deleteCardConfirm,
      confirmLabel: t('common.delete'),
      danger: true,
    })
    if (!confirmed) return
    setError('')
    try {
      await setsApi.removeCard(set.id, card.id)
      loaded.cardDeleted(card.id)
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return { busy, error, status, toggleVisibility, deleteSet, addReverseToAll, copyLink, saveCopy, deleteCard }
}

export type SetPageActions = ReturnType<typeof useSetActions>
