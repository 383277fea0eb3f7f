import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, UPLOAD_MAX_BYTES, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/fixtures';
import { imageFile, stubXhr, uploaded } from '@/test/xhr-stub';
import { ImageUpload } from './image-upload';
import { MultiImageUpload } from './multi-image-upload';

function PlacePhotos({ initial = [] as string[] }) {
  const [urls, setUrls] = useState(initial);
  return (
    <>
      <MultiImageUpload value={urls} onChange={setUrls} />
      <output aria-label="valor">{urls.join(',')}</output>
    </>
  );
}

function ReviewPhoto({ initial = '' }) {
  const [url, setUrl] = useState(initial);
  return (
    <>
      <ImageUpload preset="rating" value={url} onChange={setUrl} />
      <output aria-label="valor">{url}</output>
    </>
  );
}

/** A review's photo beside a comment typed by hand: the form around an upload. */
function ReviewPhotoInForm() {
  const [comment, setComment] = useState('');
  return (
    <>
      <label>
        Comentario
        <input value={comment} onChange={(e) => setComment(e.target.value)} />
      </label>
      <ReviewPhoto />
    </>
  );
}

const value = () => screen.getByLabelText('valor');

describe('image upload widget', () => {
  it("a photo the server cannot take yet waits 'En cola…' and is sent again by itself after Retry-After", async () => {
    signIn('user');
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<PlacePhotos />);

    await user.upload(screen.getByLabelText(TEXT.upload.addPhotos), imageFile('cima.png'));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]?.respond(503, { error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } }, { 'Retry-After': '1' }));
    // Queued: the bar says so, with a way out, and nothing is reported as failed.
    expect(await screen.findByRole('progressbar', { name: TEXT.upload.queued })).toBeInTheDocument();
    expect(screen.getByText(TEXT.upload.queued)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXT.upload.cancelUpload })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);

    // After the second the server asked for, the same file goes again.
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.file()?.name).toBe('cima.png');
    expect(screen.queryByText(TEXT.upload.queued)).not.toBeInTheDocument();
    act(() => sent[1]?.respond(201, uploaded('cima')));
    await waitFor(() => expect(value()).toHaveTextContent('/uploads/cima.webp'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('after a few refusals it gives up and says so plainly, keeping what was there', async () => {
    signIn('user');
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<ReviewPhotoInForm />);
    await user.type(screen.getByLabelText('Comentario'), 'Vista preciosa');

    await user.upload(screen.getByLabelText(TEXT.upload.addPhoto), imageFile('mirador.png'));
    await screen.findByRole('dialog', { name: TEXT.upload.cropTitle });
    await user.click(screen.getByRole('button', { name: TEXT.upload.usePhoto }));
    // The first answer and every retry: busy, come back in a second (429 counts the same as 503).
    for (let i = 0; i < 4; i++) {
      await waitFor(() => expect(sent).toHaveLength(i + 1), { timeout: 5000 });
      act(() => sent[i]?.respond(i === 2 ? 429 : 503, { error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } }, { 'Retry-After': '1' }));
    }
    expect(await screen.findByText(MSG.uploadGaveUp)).toBeInTheDocument();
    expect(sent).toHaveLength(4);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(value()).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Comentario')).toHaveValue('Vista preciosa');
  }, 30_000);

  it("'Cancelar' stops a queued photo: it is not sent again and nothing is reported", async () => {
    signIn('user');
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<PlacePhotos />);

    await user.upload(screen.getByLabelText(TEXT.upload.addPhotos), imageFile('lago.png'));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]?.respond(503, { error: { code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable } }, { 'Retry-After': '1' }));
    await user.click(await screen.findByRole('button', { name: TEXT.upload.cancelUpload }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    // Longer than the Retry-After: still one request.
    await new Promise((r) => setTimeout(r, 1500));
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.upload.addPhotos)).toBeEnabled();
  });

  it('as a user I see a progress bar while my photos upload, then their previews', async () => {
    signIn('user');
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<PlacePhotos />);

    await user.upload(screen.getByLabelText(TEXT.upload.addPhotos), [imageFile('a.png'), imageFile('b.png')]);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/api/upload?preset=place');
    expect(sent[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(sent[0]?.file()?.name).toBe('a.png');

    act(() => sent[0]?.progress(40, 100));
    expect(screen.getByText('Subiendo foto 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: TEXT.upload.uploading })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();

    act(() => sent[0]?.respond(201, uploaded('a')));
    await waitFor(() => expect(sent).toHaveLength(2));
    act(() => sent[1]?.respond(201, uploaded('b')));

    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Foto 1 del destino' })).toHaveAttribute('src', '/uploads/a.webp');
    expect(screen.getByRole('img', { name: 'Foto 2 del destino' })).toHaveAttribute('src', '/uploads/b.webp');
    expect(value()).toHaveTextContent('/uploads/a.webp,/uploads/b.webp');
  });

  it('as a user I can remove a photo before submitting', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlacePhotos initial={['/uploads/a.webp', '/uploads/b.webp']} />);
    await user.click(screen.getByRole('button', { name: 'Quitar foto 1' }));
    expect(value()).toHaveTextContent(/^\/uploads\/b\.webp$/);
    expect(screen.queryByRole('img', { name: 'Foto 2 del destino' })).not.toBeInTheDocument();
  });

  it("as a user I see the server's Spanish message when my file is not a valid image", async () => {
    signIn('user');
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<PlacePhotos />);

    await user.upload(screen.getByLabelText(TEXT.upload.addPhotos), imageFile('falso.png'));
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]?.respond(415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.invalidImage } }));

    expect(await screen.findByText(MSG.invalidImage)).toBeInTheDocument();
    expect(value()).toBeEmptyDOMElement();
  });

  it('as a user I am told at once when a photo is over 10 MB, without sending it', async () => {
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<PlacePhotos />);
    await user.upload(screen.getByLabelText(TEXT.upload.addPhotos), imageFile('enorme.jpg', 'image/jpeg', UPLOAD_MAX_BYTES + 1));
    expect(await screen.findByText(MSG.fileTooLarge)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('as a user I see the error toast when the server cannot be reached', async () => {
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<PlacePhotos />);
    await user.upload(screen.getByLabelText(TEXT.upload.addPhotos), imageFile());
    await waitFor(() => expect(sent).toHaveLength(1));
    act(() => sent[0]?.fail());
    // Inline under the widget and in the toast.
    await waitFor(() => expect(screen.getAllByText(MSG.network)).toHaveLength(2));
  });

  it('as a user I crop my review photo before it is uploaded, and can remove it', async () => {
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<ReviewPhoto />);

    await user.upload(screen.getByLabelText(TEXT.upload.addPhoto), imageFile('visita.jpg', 'image/jpeg'));
    const dialog = await screen.findByRole('dialog', { name: TEXT.upload.cropTitle });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TEXT.upload.usePhoto }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/api/upload?preset=rating');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => sent[0]?.progress(3, 4));
    expect(screen.getByRole('progressbar', { name: TEXT.upload.uploading })).toHaveAttribute('aria-valuenow', '75');
    act(() => sent[0]?.respond(201, uploaded('visita')));

    await waitFor(() => expect(value()).toHaveTextContent('/uploads/visita.webp'));
    expect(screen.getByRole('img', { name: TEXT.upload.preview })).toHaveAttribute('src', '/uploads/visita.webp');
    expect(screen.getByRole('button', { name: TEXT.upload.changePhoto })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: TEXT.upload.removePhoto }));
    expect(value()).toBeEmptyDOMElement();
  });

  it("as a user who picks a PDF renamed '.jpg' I am told it is not an image, and no cropper opens on a broken picture", async () => {
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<ReviewPhoto />);
    const pdf = new File(['%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'], 'boleto.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(TEXT.upload.addPhoto), pdf);
    expect(await screen.findByText(MSG.invalidImage)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TEXT.upload.cropTitle })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
    // A real picture afterwards opens the cropper as usual.
    await user.upload(screen.getByLabelText(TEXT.upload.addPhoto), imageFile('visita.jpg', 'image/jpeg'));
    expect(await screen.findByRole('dialog', { name: TEXT.upload.cropTitle })).toBeInTheDocument();
  });

  it('as a user I can cancel the crop and nothing is uploaded', async () => {
    const sent = stubXhr();
    const user = userEvent.setup();
    renderWithProviders(<ReviewPhoto />);
    await user.upload(screen.getByLabelText(TEXT.upload.addPhoto), imageFile());
    await screen.findByRole('dialog', { name: TEXT.upload.cropTitle });
    await user.click(screen.getByRole('button', { name: TEXT.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);
  });
});
