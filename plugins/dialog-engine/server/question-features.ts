import type { QuestionFeatures } from '../contract/server/question-features';
import { IdfTable, rawFeatures } from './nlu/features';

export const questionFeatures: QuestionFeatures = {
  vectors(texts) {
    const raw = texts.map(rawFeatures);
    const idf = IdfTable.fit(raw);
    return raw.map((r) => idf.vector(r));
  },
};
