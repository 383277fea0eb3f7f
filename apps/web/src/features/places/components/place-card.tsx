import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { CARD_TEXT, closureInForce, formatDistance, formatRating, formatReviewCount, formatWalkingTime, limaDate, type Place, type PlaceIndexEntry } from '@sendero/contract';
import { paths } from '@/config/paths';
import { imageSrcSet, imageVariant } from '@/lib/images';
import css from './place-card.module.css';

const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 300;

/** What a card shows: a full place (its first photo) or an entry of the browsing index (`photo`). */
export type CardPlace = Pick<Place, '_id' | 'name' | 'city' | 'difficulty' | 'time' | 'time_city' | 'rating' | 'comments'> &
  ({ photos: readonly string[] } | { photo: string | null }) &
  // A temporary closure (docs/product.md#trail-conditions): a place's `closure`, an index entry's `closed`.
  Partial<Pick<Place, 'closure'>> &
  Pick<PlaceIndexEntry, 'closed'>;

/** True while the place is temporarily closed (its date not yet passed in Lima). */
function isClosed(place: CardPlace): boolean {
  const closure = place.closure ?? place.closed;
  return Boolean(closure) && closureInForce(closure, limaDate());
}

interface PlaceCardProps {
  place: CardPlace;
  /** Load the photo at once (cards in the first screenful); otherwise the browser loads it lazily. */
  eager?: boolean;
  /** `sizes` of the photo, matching how wide the card is shown. */
  sizes?: string;
  /** Extra control beside 'Ver más' (the 'Guardar' toggle), composed by the route. */
  action?: ReactNode;
  /** An extra line under the facts (the distance 'a N km' in the 'Más cerca de mí' order). */
  note?: string | null;
}

/**
 * docs/product.md#search: name, the mean rating and how many reviews ('Sin reseñas aún' with none),
 * 'Dificultad', 'Caminata' as 'X - Y horas', 'A {time_city} horas de {city}', first photo.
 */
export function PlaceCard({ place, eager = false, sizes = '(max-width: 700px) 100vw, 400px', action, note }: PlaceCardProps) {
  const photo = 'photo' in place ? place.photo : place.photos[0];
  return (
    <article className={css.card}>
      <div className={css.media}>
        {photo && (
          <img
            // Another place in this card (the carousel reuses cards by position): a new element, so
            // the previous place's photo never shows while the next one loads.
            key={photo}
            src={imageVariant(photo, 800)}
            srcSet={imageSrcSet(photo)}
            sizes={sizes}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            alt={CARD_TEXT.photoOf(place.name)}
          />
        )}
      </div>
      <div className={css.content}>
        <h3 className={css.name}>{place.name}</h3>
        {isClosed(place) && <p className={css.closed}>{CARD_TEXT.closed}</p>}
        <CardRating rating={place.rating} comments={place.comments} />
        <p className={css.line}>
          <span className={css.label}>{CARD_TEXT.difficulty}</span> {place.difficulty}
        </p>
        <p className={css.line}>
          <span className={css.label}>{CARD_TEXT.walk}</span> {formatWalkingTime(place.time)}
        </p>
        <p className={css.line}>{formatDistance(place.time_city, place.city)}</p>
        {note && <p className={`${css.line} ${css.note}`}>{note}</p>}
      </div>
      <div className={css.actions}>
        <Button component={RouterLink} to={paths.placeDetail(place._id)} variant="contained" color="primary" aria-label={CARD_TEXT.seeMoreOf(place.name)}>
          {CARD_TEXT.seeMore}
        </Button>
        {action}
      </div>
    </article>
  );
}

/** A star, '4.5 (12 reseñas)', or 'Sin reseñas aún': a place with no reviews has no rating, not 0 stars. */
function CardRating({ rating, comments }: { rating: number; comments: number }) {
  if (comments === 0) return <p className={`${css.line} ${css.rating}`}>{CARD_TEXT.noReviews}</p>;
  return (
    <p className={`${css.line} ${css.rating}`}>
      {/* Drawn, not the '★' character: the Roboto subset holds only the characters of Spanish text. */}
      <svg className={css.star} aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="1em" height="1em">
        <path fill="currentColor" d="M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z" />
      </svg>
      <span className={css.visuallyHidden}>{`${CARD_TEXT.rating}: `}</span>
      <span className={css.label}>{formatRating(rating)}</span> ({formatReviewCount(comments)})
    </p>
  );
}

/** The card's shape while places load. */
export function PlaceCardSkeleton() {
  return (
    <div className={css.card} aria-hidden="true">
      <div className={`${css.bone} ${css.boneMedia}`} />
      <div className={css.content}>
        <div className={`${css.bone} ${css.boneTitle}`} />
        <div className={`${css.bone} ${css.boneLine}`} style={{ width: '45%' }} />
        <div className={`${css.bone} ${css.boneLine}`} style={{ width: '50%' }} />
        <div className={`${css.bone} ${css.boneLine}`} style={{ width: '60%' }} />
        <div className={`${css.bone} ${css.boneLine}`} style={{ width: '55%' }} />
      </div>
      <div className={css.actions}>
        <div className={`${css.bone} ${css.boneButton}`} />
      </div>
    </div>
  );
}
