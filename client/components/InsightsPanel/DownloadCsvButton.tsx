import { Button } from '@mantine/core';
import { isCancelledError } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { InsightPeriod } from '../../../shared/schemas';
import { busyButtonProps } from '../../lib/busy';
import { isOnline } from '../../lib/connection';
import { errorMessage } from '../../lib/error-messages';
import touch from '../../theme.module.css';
import { trpc } from '../../trpc';
import { saveFile } from './save-file';

const OFFLINE_EXPORT_MESSAGE = 'You are offline. Downloading the CSV needs a connection; try again when you are back online.';

/** Downloads the period's rentals as a CSV file; busy (and keeping focus) while the server makes it. */
export function DownloadCsvButton({ period }: { period: { libraryId: number; days: InsightPeriod; timeZone: string } }) {
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);

  async function downloadCsv() {
    // Offline the export would wait, its button busy, and download by itself once the connection returns.
    if (!isOnline()) {
      toast.error(OFFLINE_EXPORT_MESSAGE, { id: 'offline-export' });
      return;
    }
    setExporting(true);
    try {
      const file = await utils.insights.exportCsv.fetch(period, { staleTime: 0 });
      saveFile(file.filename, file.csv);
    } catch (error) {
      // Called off with its data dropped (the user signed out meanwhile, client/trpc.ts): nothing to say.
      if (!isCancelledError(error)) toast.error(`Could not export the CSV: ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="light" className={touch.fingertip} onClick={() => exporting || downloadCsv()} {...busyButtonProps(exporting)}>
      Download CSV
    </Button>
  );
}
