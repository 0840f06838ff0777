export function CategoriesPage() {
  return null;
}
