import { BLOB_URL_LIFETIME_MS, saveBlob } from './save-blob';

describe('saveBlob', () => {
  const created: Blob[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    jest.useFakeTimers();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (created.push(blob), `blob:test/${created.length}`),
      revokeObjectURL: (url: string) => revoked.push(url),
    });
  });
  afterEach(() => jest.useRealTimers());

  it('clicks a link to the Blob URL named for the file, leaves no link behind and frees the URL later', () => {
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
    const blob = new Blob(['a,b\r\n'], { type: 'text/csv' });
    saveBlob(blob, 'report.csv');
    expect(created).toEqual([blob]);
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'report.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    jest.advanceTimersByTime(BLOB_URL_LIFETIME_MS - 1);
    expect(revoked).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:test/1']);
    click.mockRestore();
  });
});
