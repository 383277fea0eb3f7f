import type { Place, PlaceDetail } from '@sendero/contract';
import { useUpdatePlace } from '../api/update-place';
import { PlaceForm } from './place-form';
import { formValuesToBody, placeToFormValues } from './place-form-values';
import { TrackUpload } from './track/track-field';

/** The detail's 'Configurar Destino': the place's form, loaded on first use (place-detail.tsx). */
export default function PlaceEditor({ place, onDone }: { place: Place; onDone: () => void }) {
  const update = useUpdatePlace(place._id);
  const track = (place as Partial<Pick<PlaceDetail, 'track'>>).track ?? null;
  return (
    <PlaceForm
      mode="edit"
      defaultValues={placeToFormValues(place)}
      onCancel={onDone}
      // The track is sent (or removed) at once, apart from 'Guardar cambios'.
      trackField={<TrackUpload placeId={place._id} summary={track} />}
      onSubmit={async (values) => {
        await update.mutateAsync(formValuesToBody(values));
        onDone();
      }}
    />
  );
}
