import { defineServerModule, type FileDownload } from '@civic/sdk/server';
import { anyone } from '@civic/sdk/common/access';
import { HelpPaths } from '../common/api';
import { guideFor } from '../common/guide';
import { renderGuidePdf } from './guide-pdf';

export default defineServerModule({
  pluginId: 'help',
  register(api) {
    // Rendered once, on first request; the guide only changes with a new release.
    let pdf: Promise<Buffer> | undefined;
    api.routes.add({
      method: 'GET',
      url: HelpPaths.pdf,
      auth: 'public',
      access: anyone,
      download: true,
      description: 'The user guide as a PDF (the HELP menu item; profile helpGuideUrl), from the same text as /help, covering the enabled plugins only',
      handler: async (ctx): Promise<FileDownload> => {
        pdf ??= renderGuidePdf(guideFor(api.deployment.enabledPlugins), ctx.now).catch((error: unknown) => {
          pdf = undefined;
          throw error;
        });
        return { fileName: HelpPaths.pdfFileName, contentType: 'application/pdf', disposition: 'inline', data: await pdf };
      },
    });
  },
});
