/** Categories and labels classify intents, Q&A and (later) transcripts. */
export interface Category {
  id: string;
  appId: string;
  name: string;
  /** How many intents and Q&A pairs use it. */
  usageCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface Label {
  id: string;
  appId: string;
  name: string;
  usageCount: number;
  createdAt: string;
  updatedAt: string;
}
