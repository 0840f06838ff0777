import { Button, Callout, HTMLTable } from '@civic/sdk/web/blueprint';
import { useCallback, useEffect, useState } from '@civic/sdk/web/react';
import type { PanelProps } from '@civic/sdk/common';
import { ApiClient, isApiError, PageSkeleton, useService } from '@civic/sdk/web';
import { fallbackRateAt, ThresholdApi, type ThresholdAdvice, type ThresholdCalibration } from '../common/api';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The sentence the editor reads for one threshold. */
export function tradeOffText(calibration: ThresholdCalibration, threshold: number): string {
  return `At ${threshold.toFixed(2)}, about ${percent(fallbackRateAt(calibration, threshold))} of good questions fall back.`;
}

/** What automatic means for this app now: the suggested threshold and its cost. */
export function automaticText(calibration: ThresholdCalibration): string {
  const threshold = calibration.suggestedThreshold;
  return `Automatic (currently ${threshold.toFixed(2)}: about ${percent(fallbackRateAt(calibration, threshold))} of good questions fall back)`;
}

/**
 * Under the thresholds in App settings: what the ML threshold costs, measured on the app's own
 * phrases (one in ten held out of a training run and asked), and the threshold that data
 * suggests. Follows the value typed in the form, before it is saved.
 */
export function ThresholdAdvicePanel({ appId, context }: PanelProps) {
  const api = useService<ApiClient>(ApiClient);
  const [advice, setAdvice] = useState<ThresholdAdvice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      setAdvice(await api.get<ThresholdAdvice>(ThresholdApi.advice(appId)));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Error encountered');
    }
  }, [api, appId]);
  useEffect(() => void load(), [load]);

  if (error) {
    return (
      <Callout intent="danger" role="alert" title="The fallback trade-off could not be loaded">
        <p>{error}</p>
        <Button text="Try again" onClick={() => void load()} />
      </Callout>
    );
  }
  if (!advice) return <PageSkeleton lines={3} />;
  const typed = Number(context?.mlConfidenceThreshold);
  const automatic = context?.thresholdMode ? context.thresholdMode === 'automatic' : advice.mlConfidenceThreshold === null;
  const fixed = context?.mlConfidenceThreshold && Number.isFinite(typed) && typed >= 0 && typed <= 1 ? typed : advice.mlConfidenceThreshold;
  const rows = (['draft', 'production'] as const).map((environment) => ({
    environment,
    calibration: advice.calibration[environment],
    state: advice.training[environment],
    threshold: automatic || fixed === null ? advice.effective[environment].ml : fixed,
  }));
  const current = rows.find((row) => row.calibration);
  if (rows.every((row) => !row.calibration)) {
    return (
      <p className="bp6-text-muted" data-testid="trade-off-untrained">
        Once the draft is trained (ask it something in Try it or the fitting room), this shows how many good questions fall back at the ML threshold and which
        threshold this app&apos;s own phrases suggest.
      </p>
    );
  }
  return (
    <div data-testid="trade-off">
      {automatic && current?.calibration && (
        <p data-testid="automatic-threshold">
          <strong>{automaticText(current.calibration)}</strong>
        </p>
      )}
      <p className="bp6-text-muted">
        Measured on phrases of this app held out of a training run: the share of good questions that get the fallback answer. A higher threshold catches more questions
        the app cannot answer, and drops more good ones.
      </p>
      <HTMLTable compact>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">At the ML threshold</th>
            <th scope="col">Suggested threshold</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ environment, calibration, state, threshold }) => (
            <tr key={environment}>
              <th scope="row">{environment === 'draft' ? 'Draft' : 'Production'}</th>
              <td>{calibration ? tradeOffText(calibration, threshold) : state === 'training' ? 'Training…' : 'Not trained yet'}</td>
              <td>{calibration ? `${calibration.suggestedThreshold.toFixed(2)} (about ${percent(fallbackRateAt(calibration, calibration.suggestedThreshold))} fall back)` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
