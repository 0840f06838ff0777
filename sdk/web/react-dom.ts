/** react-dom's root API, for plugins that mount React outside the console (embed scripts). */
export { createRoot, type Root } from 'react-dom/client';
