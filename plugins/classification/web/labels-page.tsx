export function LabelsPage() {
  return null;
}
