/** Marks an article that `sitegen build` leaves out: only watch and `build --drafts` show it. */
export function DraftMarker() {
  return <span className="badge badge-draft">DRAFT</span>;
}
