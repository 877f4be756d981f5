/**
 * A dialog's or form's save: `saving` while the call runs; a refused call leaves everything as it was (kit's
 * client already showed the server's text, e.g. a name taken or a wrong invitation code).
 */
import { useState } from 'react';

export function useSaving(): { saving: boolean; run: (save: () => Promise<void>) => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const run = async (save: () => Promise<void>) => {
    setSaving(true);
    try {
      await save();
    } catch {
      // shown by the client; the form stays filled for a second try
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
