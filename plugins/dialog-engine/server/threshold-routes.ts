import type { RouteAdder } from '@civic/sdk/server';
import { ThresholdApi, type ThresholdAdvice } from '../common/api';
import { canViewThresholdAdvice } from '../common/permissions';
import type { DialogEngine } from './engine/dialog-engine';

/**
 * The fallback threshold as a trade-off (App settings, Knowledge base): each environment's model
 * says, from the app's own held-out phrases, which threshold it suggests and how many good
 * questions fall back at any setting. Read-only: the threshold itself is saved with the app's settings.
 */
export function registerThresholdRoutes(routes: RouteAdder, engine: DialogEngine): void {
  routes.add({
    method: 'GET',
    url: ThresholdApi.route,
    app: 'appId',
    access: canViewThresholdAdvice,
    description: "The app's confidence thresholds and, per environment, the threshold its trained model suggests with the share of good questions that fall back at each setting",
    handler: async (ctx): Promise<ThresholdAdvice> => {
      const draft = engine.status(ctx.app.appId, 'draft');
      const production = engine.status(ctx.app.appId, 'production');
      return {
        mlConfidenceThreshold: ctx.app.mlConfidenceThreshold,
        qnaConfidenceThreshold: ctx.app.qnaConfidenceThreshold,
        effective: { draft: engine.effectiveThresholds(ctx.app, 'draft'), production: engine.effectiveThresholds(ctx.app, 'production') },
        calibration: { draft: draft.calibration, production: production.calibration },
        training: { draft: draft.state, production: production.state },
      };
    },
  });
}
