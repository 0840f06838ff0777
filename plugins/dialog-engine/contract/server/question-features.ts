import { defineServiceRef } from '@civic/sdk/server';

/** A sparse, L2-normalised feature vector (bucket ids ascending). */
export interface QuestionVector {
  indices: Int32Array;
  values: Float32Array;
}

/**
 * The engine's features for a set of questions (hashed TF-IDF of words, word bigrams and character
 * n-grams, the IDF fitted on the questions themselves): what clustering them by meaning and spelling
 * works on. Pure CPU; no database.
 */
export interface QuestionFeatures {
  vectors(texts: readonly string[]): QuestionVector[];
}
export const QuestionFeatures = defineServiceRef<QuestionFeatures>('dialog-engine.question-features');
