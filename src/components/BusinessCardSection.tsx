/** Placeholder: the user's own business card, view and edit (plans/cards issue). */
export function BusinessCardSection() {
  return null;
}
