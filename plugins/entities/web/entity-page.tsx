export function EntityPage() {
  return null;
}
