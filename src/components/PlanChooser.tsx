/** Placeholder: the plan chooser modal (photos/plans issue) renders here while open. */
export function PlanChooser() {
  return null;
}
