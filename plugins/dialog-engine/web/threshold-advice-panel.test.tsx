import { renderInTestApp, screen, testApp, userWithRole } from '@civic/sdk/testing';
import type { ThresholdAdvice, ThresholdCalibration } from '../common/api';
import { ThresholdAdvicePanel, tradeOffText } from './threshold-advice-panel';

// Share of good questions falling back at 0, 0.05, …, 1: 1% at 0.3, 10% at 0.7.
const fallbackRates = [0, 0, 0, 0, 0.005, 0.008, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.13, 0.17, 0.22, 0.3, 0.45, 1];
const calibration: ThresholdCalibration = { suggestedThreshold: 0.3, fallbackRates, heldOut: 420, accuracy: 0.93 };

async function renderPanel(advice: ThresholdAdvice, typed?: string) {
  return renderInTestApp(<ThresholdAdvicePanel appId="a1" context={typed === undefined ? undefined : { mlConfidenceThreshold: typed }} />, {
    user: userWithRole('1', ['a1']),
    app: testApp('a1', 'Plus'),
    api: { 'GET /api/v1/apps/:appId/fallback-threshold': () => advice },
  });
}

describe('ThresholdAdvicePanel', () => {
  it('reads the trade-off at a threshold between the measured steps', () => {
    expect(tradeOffText(calibration, 0.7)).toBe('At 0.70, about 10% of good questions fall back.');
    expect(tradeOffText(calibration, 0.675)).toBe('At 0.68, about 9% of good questions fall back.');
  });

  it('shows each trained model’s share of good questions falling back at the typed threshold, and the suggested one', async () => {
    await renderPanel({ mlConfidenceThreshold: 0.7, qnaConfidenceThreshold: 0.7, effective: { draft: { ml: 0.7, qna: 0.7 }, production: { ml: 0.7, qna: 0.7 } }, calibration: { draft: calibration, production: null }, training: { draft: 'trained', production: 'untrained' } }, '0.7');
    expect(await screen.findByText('At 0.70, about 10% of good questions fall back.')).toBeTruthy();
    expect(screen.getByText('0.30 (about 1% fall back)')).toBeTruthy();
    expect(screen.getByText('Not trained yet')).toBeTruthy();
  });

  it('an automatic threshold reads as the suggested value and what it costs', async () => {
    await renderPanel({
      mlConfidenceThreshold: null,
      qnaConfidenceThreshold: null,
      effective: { draft: { ml: 0.3, qna: 0.3 }, production: { ml: 0.7, qna: 0.7 } },
      calibration: { draft: calibration, production: null },
      training: { draft: 'trained', production: 'untrained' },
    });
    expect((await screen.findByTestId('automatic-threshold')).textContent).toBe('Automatic (currently 0.30: about 1% of good questions fall back)');
    expect(screen.getByText('At 0.30, about 1% of good questions fall back.')).toBeTruthy();
  });

  it('says what it will show before any model is trained', async () => {
    await renderPanel({ mlConfidenceThreshold: 0.7, qnaConfidenceThreshold: 0.7, effective: { draft: { ml: 0.7, qna: 0.7 }, production: { ml: 0.7, qna: 0.7 } }, calibration: { draft: null, production: null }, training: { draft: 'untrained', production: 'untrained' } });
    expect(await screen.findByTestId('trade-off-untrained')).toBeTruthy();
  });
});
