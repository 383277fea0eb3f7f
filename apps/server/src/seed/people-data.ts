import type { GuideApplication, TrailCondition, TrailHazard } from '@sendero/contract';
import { SAMPLE_PLACES } from './places-data.js';

export interface SamplePerson {
  email: string;
  firstname: string;
  lastname: string;
  /** Avatar background colour. */
  avatar: string;
  /** A guide application waiting for an administrator (status Enviado), or approved when `guide`. */
  application?: Required<GuideApplication>;
  /** An approved guide (role guide, status Aprobado). */
  guide?: true;
}

/** The sample user whose credentials are printed at first start. */
export const SAMPLE_USER: SamplePerson = {
  email: 'usuario@example.com',
  firstname: 'Camila',
  lastname: 'Rojas Medina',
  avatar: '#9f2dc7',
  application: {
    instagram: 'instagram.com/camila.senderos',
    facebook: 'facebook.com/camila.senderos',
    linkedin: 'linkedin.com/in/camila-rojas-medina',
    other1: '',
    other2: '',
    other3: '',
    about_you:
      'Camino por la sierra de Lima desde hace seis años y he guiado grupos de amigos a Marcahuasi, Antankallo y Zárate. Tengo curso de primeros auxilios en montaña.',
  },
};

/** Authors of the sample reviews (their passwords are random and never printed). */
export const SAMPLE_REVIEWERS: SamplePerson[] = [
  { email: 'lucia.quispe@example.com', firstname: 'Lucía', lastname: 'Quispe', avatar: '#FF7B5F' },
  { email: 'diego.ramos@example.com', firstname: 'Diego Alonso', lastname: 'Ramos Huamán', avatar: '#2f7fb5' },
  { email: 'valeria.torres@example.com', firstname: 'Valeria', lastname: 'Torres', avatar: '#3b8f5a' },
];

const placeIndex = (name: string) => {
  const i = SAMPLE_PLACES.findIndex((p) => p.name === name);
  if (i < 0) throw new Error(`Unknown sample place ${name}`);
  return i;
};

/** `author` indexes [SAMPLE_USER, ...SAMPLE_REVIEWERS]; `place` indexes SAMPLE_PLACES. */
export interface SampleReview {
  author: number;
  place: number;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  /**
   * What the reviewer found (docs/product.md#trail-conditions), walked `daysAgo` days before the seed
   * ran (Lima's calendar), so a newcomer sees 'Estado reciente' on a few destinations.
   */
  trail?: { daysAgo: number; condition: TrailCondition; hazards: TrailHazard[] };
}

export const SAMPLE_REVIEWS: SampleReview[] = [
  {
    author: 1,
    place: placeIndex('Lomas de Lachay'),
    rating: 5,
    comment: 'Fuimos en agosto y todo estaba verde. Los senderos están bien marcados y es perfecto para ir con niños.',
    trail: { daysAgo: 3, condition: 'despejado', hazards: [] },
  },
  {
    author: 2,
    place: placeIndex('Lomas de Lachay'),
    rating: 4,
    comment: 'Muy bonito, aunque la neblina no dejó ver el mirador. Lleven casaca, hace más frío de lo que parece.',
  },
  {
    author: 0,
    place: placeIndex('Marcahuasi'),
    rating: 5,
    comment: 'Acampamos en la meseta y el cielo de noche es increíble. La subida se siente por la altura, pero vale cada paso.',
  },
  {
    author: 3,
    place: placeIndex('Marcahuasi'),
    rating: 4,
    comment: 'Las formaciones de roca son impresionantes. Recomiendo dormir en San Pedro de Casta antes de subir.',
  },
  {
    author: 1,
    place: placeIndex('Laguna 69'),
    rating: 5,
    comment: 'El color del agua no parece real. El último tramo es duro: salgan temprano y vayan aclimatados.',
    trail: { daysAgo: 6, condition: 'despejado', hazards: ['mal_de_altura'] },
  },
  {
    author: 2,
    place: placeIndex('Bosque de Zárate'),
    rating: 3,
    comment: 'Subida larga y sin sombra al inicio. El bosque es lindo, pero bajamos muy cansados. Salgan antes de las 7.',
    trail: { daysAgo: 2, condition: 'obstaculos', hazards: ['barro'] },
  },
  {
    author: 0,
    place: placeIndex('Cataratas de Antankallo'),
    rating: 4,
    comment: 'La catarata principal es enorme. Hay tramos empinados; los bastones ayudan mucho en la bajada.',
    trail: { daysAgo: 4, condition: 'obstaculos', hazards: ['barro', 'rio_crecido'] },
  },
  {
    author: 3,
    place: placeIndex('Cañón de Autisha'),
    rating: 4,
    comment: 'Paseo corto y tranquilo, ideal para una mañana. El puente colgante es lo mejor.',
  },
];

/** Two approved guides who lead the sample outings (their passwords are random and never printed). */
export const SAMPLE_GUIDES: SamplePerson[] = [
  {
    email: 'rosa.huaman@example.com',
    firstname: 'Rosa',
    lastname: 'Huamán Soto',
    avatar: '#c2185b',
    guide: true,
    application: {
      instagram: 'instagram.com/rosa.andina',
      facebook: 'facebook.com/rosa.andina',
      linkedin: 'linkedin.com/in/rosa-huaman-soto',
      other1: '',
      other2: '',
      other3: '',
      about_you: 'Guía oficial de montaña desde 2015. Llevo grupos a Marcahuasi y a la sierra de Lima cada mes.',
    },
  },
  {
    email: 'martin.flores@example.com',
    firstname: 'Martín',
    lastname: 'Flores Paredes',
    avatar: '#00796b',
    guide: true,
    application: {
      instagram: 'instagram.com/martin.trekking',
      facebook: 'facebook.com/martin.trekking',
      linkedin: 'linkedin.com/in/martin-flores-paredes',
      other1: '',
      other2: '',
      other3: '',
      about_you: 'Biólogo y guía de naturaleza. Conozco las lomas costeras y los nevados de Áncash.',
    },
  },
];

/**
 * Upcoming sample outings. `guide` indexes SAMPLE_GUIDES; `participants` index [SAMPLE_USER,
 * ...SAMPLE_REVIEWERS] (the sample user joins none, so a newcomer can try 'Inscribirme').
 */
export interface SampleOuting {
  guide: number;
  place: number;
  /** Days from the first start, at `hour` o'clock in Lima. */
  inDays: number;
  hour: number;
  meeting_point: string;
  description: string;
  spots: number;
  participants: number[];
  cancelled?: true;
}

export const SAMPLE_OUTINGS: SampleOuting[] = [
  {
    guide: 0,
    place: placeIndex('Marcahuasi'),
    inDays: 9,
    hour: 5,
    meeting_point: 'Plaza de Armas de San Pedro de Casta',
    description: 'Subida a la meseta con noche de campamento. Lleva bolsa de dormir y ropa abrigadora.',
    spots: 4,
    participants: [1, 2, 3],
  },
  {
    guide: 1,
    place: placeIndex('Lomas de Lachay'),
    inDays: 12,
    hour: 6,
    meeting_point: 'Paradero del kilómetro 105 de la Panamericana Norte',
    description: 'Caminata tranquila por los circuitos de la reserva. Ideal para principiantes.',
    spots: 15,
    participants: [2],
  },
  {
    guide: 0,
    place: placeIndex('Bosque de Zárate'),
    inDays: 5,
    hour: 6,
    meeting_point: 'Puente de San Bartolomé',
    description: 'Cancelada por el pronóstico de lluvias en la zona.',
    spots: 10,
    participants: [1],
    cancelled: true,
  },
  {
    guide: 1,
    place: placeIndex('Nevado Pastoruri'),
    inDays: 20,
    hour: 4,
    meeting_point: 'Plaza de Armas de Huaraz',
    description: 'Salida de día completo con aclimatación previa recomendada.',
    spots: 8,
    participants: [],
  },
];
