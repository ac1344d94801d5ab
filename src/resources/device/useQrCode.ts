/**
 * A device's QR code, read once for its whole screen: the QR code block shows it (or offers to
 * generate it) and the label panel, whose labels draw it, asks for a label only once it exists.
 * Read with ?if_generated=true, a device without one answers 204 (issue 27: nothing fails, and
 * no error lands in the browser's console, for a new device; the spec's note is only logged); spec
 * section 7's 404 stays the answer to anyone asking without it. A code generated on the screen replaces the one read here.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { HttpError, http, isAbortError, ServerUnreachableError } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import { retryWhileUnreachable } from '../../dataProvider/queryClient';
import { qrImageUrl, qrLink } from '../../custom/qrImage';
import { messages } from '../../messages';

/** What the server answers: the QR id and the public origin of its /qr link. */
export interface QrCodeAnswer {
  id: string;
  url: string;
}

export interface QrCode {
  id: string;
  /** The /qr link the code encodes. */
  link: string;
  /** The code drawn, as a data: URL. */
  image: string;
}

async function drawn(answer: QrCodeAnswer): Promise<QrCode> {
  const link = qrLink(answer.url, answer.id);
  return { id: answer.id, link, image: await qrImageUrl(link) };
}

// Under the device's key: a write to devices (a claim, a resolved conflict) reads it again too.
const queryKey = (deviceId: Identifier | undefined) => ['device', 'qr_code', String(deviceId)];

export interface QrCodeRead {
  /** undefined while read; null: the device has none (or it could not be read, said once). */
  code: QrCode | null | undefined;
  /** The code the server answered to a generation, shown at once by every part of the screen. */
  replace: (answer: QrCodeAnswer) => Promise<void>;
}

export function useQrCode(deviceId: Identifier | undefined): QrCodeRead {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKey(deviceId),
    enabled: deviceId !== undefined,
    // Out of reach, the read waits for the server (queryClient.ts); other failures are said once.
    retry: retryWhileUnreachable,
    queryFn: async ({ signal }): Promise<QrCode | null> => {
      try {
        const { json } = await http<QrCodeAnswer | null>(`/device_qr_code/${deviceId}`, { signal, query: { if_generated: true } });
        if (json) return await drawn(json);
      } catch (error) {
        // Left, not failed: react-query drops the read.
        if (isAbortError(error)) throw error;
        // Not 'no QR code': that would offer to generate one, which replaces a code labels already print.
        if (error instanceof ServerUnreachableError) throw error;
        // A server that answers as the spec does without the parameter: 404, not yet generated.
        if (!(error instanceof HttpError && error.status === 404)) {
          reportError(error);
          return null;
        }
      }
      console.info(messages.qrNotGenerated);
      return null;
    },
  });
  const replace = async (answer: QrCodeAnswer) => {
    queryClient.setQueryData(queryKey(deviceId), await drawn(answer));
  };
  return { code: data, replace };
}
