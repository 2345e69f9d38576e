/** A form's or view's error in red, announced to screen readers; nothing when there is no error. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p className="alert-error" role="alert">
      {message}
    </p>
  )
}
