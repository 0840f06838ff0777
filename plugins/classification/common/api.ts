const app = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`;

export const ClassificationApi = {
  categories: (appId: string) => `${app(appId)}/categories`,
  categoriesRoute: '/api/v1/apps/:appId/categories',
  category: (appId: string, id: string) => `${app(appId)}/categories/${encodeURIComponent(id)}`,
  categoryRoute: '/api/v1/apps/:appId/categories/:categoryId',
  labels: (appId: string) => `${app(appId)}/labels`,
  labelsRoute: '/api/v1/apps/:appId/labels',
  label: (appId: string, id: string) => `${app(appId)}/labels/${encodeURIComponent(id)}`,
  labelRoute: '/api/v1/apps/:appId/labels/:labelId',
  classify: (appId: string) => `${app(appId)}/intents/classification`,
  classifyRoute: '/api/v1/apps/:appId/intents/classification',
} as const;

/** A category or a label with the number of intents and Q&A pairs that carry it. */
export interface ClassItem {
  id: string;
  name: string;
  intentCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CategoryList {
  categories: ClassItem[];
}
export interface LabelList {
  labels: ClassItem[];
}

/** What a bulk change left on each intent. */
export interface ClassifyResult {
  intents: Array<{ id: string; categoryIds: string[]; labelIds: string[] }>;
}
