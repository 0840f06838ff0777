/** Zip archives (fflate, pure JS): exports and imports of agent files. */
export { strFromU8, strToU8, unzipSync, zipSync, type UnzipFileInfo, type Unzipped, type Zippable } from 'fflate';
