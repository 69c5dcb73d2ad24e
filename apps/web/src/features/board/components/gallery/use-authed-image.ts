import { useEffect, useState } from 'react';
import { rawHeaders, withSession } from '../../../../api/raw';

/**
 * An image URL the browser can show: files of the portal (`/api/media/...`) need the JWT header, so
 * they are fetched as a blob; other http(s) images are used as they are.
 */
export function useAuthedImage(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setSrc(null);
      return;
    }
    if (!url.startsWith('/api/')) {
      setSrc(url);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    withSession((token) => fetch(url, { headers: rawHeaders(token) }))
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}
