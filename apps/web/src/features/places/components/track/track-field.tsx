import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import { MSG, TRACK_FILE_ACCEPT, TRACK_FILE_MAX_BYTES, TRACK_MSG, TRACK_TEXT } from '@sendero/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { UploadProgress } from '@/components/upload/upload-progress';
import { errorMessage, isAbortError } from '@/lib/api-client';
import { useOnlineStatus } from '@/lib/online-status';
import { type TrackSummary, useDeleteTrack, useUploadTrack } from '@/features/places/api/track';
import { TrackFigures } from './track-figures';

/** The field's frame: its legend 'Recorrido (GPX o KML, opcional)', the help, the hidden file input and its button. */
function TrackFieldFrame({
  onFile,
  busy,
  hasFile,
  children,
}: {
  onFile: (file: File) => void;
  busy: boolean;
  hasFile: boolean;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const offlineId = useId();
  const online = useOnlineStatus();
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared, so that choosing the same file again (after fixing it) is a change too.
    e.target.value = '';
    if (file) onFile(file);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="track-field">
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 0.5, p: 0 }}>
        {TRACK_TEXT.formField}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {TRACK_TEXT.fieldHelp}
      </Typography>
      <Stack spacing={1.5}>
        <Box>
          <Button
            variant="outlined"
            startIcon={<RouteOutlined aria-hidden />}
            disabled={busy || !online}
            aria-describedby={online ? helpId : offlineId}
            onClick={() => input.current?.click()}
          >
            {hasFile ? TRACK_TEXT.replaceFile : TRACK_TEXT.pickFile}
          </Button>
          <input ref={input} type="file" accept={TRACK_FILE_ACCEPT} hidden aria-label={TRACK_TEXT.formField} onChange={onChange} />
          {!online && (
            <Typography id={offlineId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {MSG.offline}
            </Typography>
          )}
        </Box>
        {children}
      </Stack>
    </Box>
  );
}

/** Quick check before sending: the server refuses more than 10 MB anyway (docs/product.md#tracks). */
function tooLarge(file: File): string | null {
  return file.size > TRACK_FILE_MAX_BYTES ? TRACK_MSG.tooLarge : null;
}

/**
 * The create form's field: the file is only chosen here; the screen sends it once the destination
 * exists (`TrackUpload` with `initialFile`).
 */
export function TrackFileField({ file, onFileChange }: { file: File | null; onFileChange: (file: File | null) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <TrackFieldFrame
      busy={false}
      hasFile={file !== null}
      onFile={(f) => {
        const refused = tooLarge(f);
        setError(refused);
        onFileChange(refused ? null : f);
      }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      {file && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {TRACK_TEXT.chosen(file.name)} <Box component="span" sx={{ color: 'text.secondary' }}>{TRACK_TEXT.sentAfterSave}</Box>
          </Typography>
          <Button size="small" color="inherit" onClick={() => onFileChange(null)}>
            {TRACK_TEXT.remove}
          </Button>
        </Box>
      )}
    </TrackFieldFrame>
  );
}

export interface TrackUploadProps {
  placeId: string;
  /** The track the place has now (the detail's `track`), null without one. */
  summary: TrackSummary | null;
  /** A file chosen before the place existed (the create form), sent as soon as this shows. */
  initialFile?: File | null;
  /** Before a refusal's sentence (after 'Finalizar': the destination itself was saved). */
  intro?: string;
}

/**
 * The edit form's field (and the create form's after 'Finalizar'): a chosen file is sent at once
 * (PUT /api/place/{id}/track, with a progress bar), the figures the server read from it are shown,
 * a refusal shows the server's sentence; 'Quitar recorrido' deletes the track after a confirmation.
 */
export function TrackUpload({ placeId, summary: initial, initialFile = null, intro }: TrackUploadProps) {
  const upload = useUploadTrack(placeId);
  const remove = useDeleteTrack(placeId);
  const [summary, setSummary] = useState(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const send = (file: File) => {
    const refused = tooLarge(file);
    setDone(null);
    setError(refused);
    if (refused) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress, signal: abort.signal },
      {
        onSuccess: ({ track }) => {
          setSummary(track);
          setDone(TRACK_TEXT.saved);
        },
        onError: (e) => {
          if (!isAbortError(e)) setError(errorMessage(e));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  // The create form's file goes as soon as the destination exists (once, also under StrictMode).
  const sentInitial = useRef(false);
  useEffect(() => {
    if (!initialFile || sentInitial.current) return;
    sentInitial.current = true;
    send(initialFile);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the file chosen before saving
  }, [initialFile]);
  useEffect(() => () => controller.current?.abort(), []);

  const busy = progress !== null || remove.isPending;
  return (
    <TrackFieldFrame busy={busy} hasFile={summary !== null} onFile={send}>
      {progress !== null && (
        <Stack spacing={0.5}>
          <UploadProgress value={progress} label={TRACK_TEXT.uploading} onCancel={() => controller.current?.abort()} />
          {progress === 100 && (
            <Typography variant="body2" color="text.secondary">
              {TRACK_TEXT.reading}
            </Typography>
          )}
        </Stack>
      )}
      {error && (
        <Alert severity="error">{intro ? `${intro} ${error}` : error}</Alert>
      )}
      <Box role="status" sx={{ '&:empty': { display: 'none' } }}>
        {done && <Typography color="success.main">{done}</Typography>}
      </Box>
      {summary && (
        <>
          <TrackFigures summary={summary} />
          <Box>
            <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirming(true)}>
              {TRACK_TEXT.remove}
            </Button>
          </Box>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        question={TRACK_TEXT.removeQuestion}
        confirmLabel={TRACK_TEXT.remove}
        confirmColor="error"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setSummary(null);
              setError(null);
              setDone(TRACK_TEXT.removed);
            },
            onError: (e) => setError(errorMessage(e)),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </TrackFieldFrame>
  );
}
