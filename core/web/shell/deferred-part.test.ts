import { deferredPart } from './deferred-part';

describe('deferredPart', () => {
  it('fetches its module once, however often it is asked', async () => {
    const importer = jest.fn(() => Promise.resolve({ answer: 42 }));
    const part = deferredPart(importer);
    expect(part.loaded).toBeUndefined();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect(a).toBe(b);
    expect(part.loaded).toEqual({ answer: 42 });
    await part.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next request', async () => {
    const importer = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ answer: 42 });
    const part = deferredPart<{ answer: number }>(importer);
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.loaded).toBeUndefined();
    await expect(part.load()).resolves.toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
