/** One chunk of manifests per deployment profile, made by host/web/profile-manifests.vite.ts. */
declare module 'virtual:civic/profile-manifests' {
  const bundles: import('@civic/core/web/plugins/profile-manifest-bundles').ProfileManifestBundles;
  export default bundles;
}
