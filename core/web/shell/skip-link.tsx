/** The first stop of the Tab key: past the sidebar, straight to the page. */
export function SkipLink() {
  return (
    <a className="civic-skip-link" href="#main-content">
      Skip to content
    </a>
  );
}
