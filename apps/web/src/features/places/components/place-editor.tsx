import type { Place } from '@sendero/contract';
import { useUpdatePlace } from '../api/update-place';
import { PlaceForm } from './place-form';
import { formValuesToBody, placeToFormValues } from './place-form-values';

/** The detail's 'Configurar Destino': the place's form, loaded on first use (place-detail.tsx). */
export default function PlaceEditor({ place, onDone }: { place: Place; onDone: () => void }) {
  const update = useUpdatePlace(place._id);
  return (
    <PlaceForm
      mode="edit"
      defaultValues={placeToFormValues(place)}
      onCancel={onDone}
      onSubmit={async (values) => {
        await update.mutateAsync(formValuesToBody(values));
        onDone();
      }}
    />
  );
}
