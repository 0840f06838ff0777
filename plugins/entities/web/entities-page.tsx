export function EntitiesPage() {
  return null;
}
