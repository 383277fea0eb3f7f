import type { AccessFacts, Difficulty } from '@sendero/contract';
import type { LandscapeOptions } from './landscape.js';

/**
 * Sample destinations (docs/product.md#first-run). Texts written by us for the sample data; hours and capacities
 * are realistic for the trip, not official figures; coordinates are those of each trailhead (the town
 * or car park where the walk starts), to about 100 m. `landscape` drives the generated picture.
 */
export interface SamplePlace {
  name: string;
  city: string;
  difficulty: Difficulty;
  capacity: number;
  time: [number, number];
  time_city: number;
  /** The trailhead (WGS84), where the walk starts. */
  lat: number;
  lon: number;
  description: string;
  how_to_get: string;
  tips: string;
  landscape: Omit<LandscapeOptions, 'seed'>;
  /**
   * Access facts (docs/product.md#access-facts): only what the cited public source states, with that
   * source in `facts_source`; everything else stays unset (unknown). Never confirmed by an admin, so
   * they read 'Datos por confirmar' until one presses 'Confirmar datos'.
   */
  facts?: Partial<AccessFacts>;
}

const DAY_SKY: [string, string] = ['#3f86d8', '#cfe8ff'];
const HIGH_SKY: [string, string] = ['#2d6fc4', '#b9dcff'];
const DAWN_SKY: [string, string] = ['#6a4c93', '#ffb38a'];
const MIST_SKY: [string, string] = ['#b7c3cb', '#eef2f4'];

export const SAMPLE_PLACES: SamplePlace[] = [
  {
    name: 'Lomas de Lachay',
    city: 'Lima',
    difficulty: 'Fácil',
    capacity: 80,
    time: [1, 3],
    time_city: 2.5,
    lat: -11.3547,
    lon: -77.3714,
    description:
      'Una reserva de lomas costeras que reverdece con la neblina del invierno. Senderos señalizados entre flores de amancae, tara y aves como el cernícalo y el pampero, con miradores sobre el valle.',
    how_to_get:
      'Bus desde Lima por la Panamericana Norte hasta el kilómetro 105 (desvío a Lachay). Desde la garita de control son unos 4 km de trocha hasta el centro de visitantes; conviene ir en auto o coordinar un mototaxi.',
    tips:
      'La mejor temporada es de julio a octubre. Lleva casaca cortaviento porque la neblina moja, agua y algo de comer: dentro de la reserva no hay tiendas. No salgas de los senderos marcados.',
    landscape: { sky: MIST_SKY, ridges: ['#a9bfa6', '#7fa37a', '#557f4f'], fog: true },
    // Inforegión (SERNANP's notice for the reserve's 42nd anniversary): entry S/ 11 for adults.
    facts: { fee_pen: 11, facts_source: 'https://archivo.inforegion.pe/empezo-la-temporada-de-lomas-en-la-reserva-nacional-de-lachay' },
  },
  {
    name: 'Bosque de Zárate',
    city: 'Lima',
    difficulty: 'Exigente',
    capacity: 25,
    time: [5, 6],
    time_city: 2.5,
    lat: -11.9106,
    lon: -76.5249,
    description:
      'Uno de los últimos bosques relictos de la vertiente occidental, con árboles de lloque y quishuar, musgos y orquídeas. La subida desde San Bartolomé gana casi 1 500 metros de desnivel.',
    how_to_get:
      'Desde Chosica toma un colectivo por la Carretera Central hasta el puente Cupiche y sube a San Bartolomé. Desde el pueblo el camino de herradura parte junto a la iglesia y sube sin pérdida hasta el bosque.',
    tips:
      'Empieza a caminar antes de las 7 de la mañana: la bajada con poca luz es peligrosa. Bastones, dos litros de agua por persona y bloqueador. Entre enero y marzo el camino se pone resbaloso.',
    landscape: { sky: DAY_SKY, ridges: ['#8c9a86', '#5f7a57', '#2f4f32'], trees: true, sun: '#fff6c9' },
  },
  {
    name: 'Marcahuasi',
    city: 'Lima',
    difficulty: 'Media',
    capacity: 40,
    time: [2, 3],
    time_city: 4,
    lat: -11.7583,
    lon: -76.5972,
    description:
      'Una meseta a casi 4 000 metros sobre San Pedro de Casta, famosa por sus formaciones de roca con siluetas de rostros y animales, como el Monumento a la Humanidad. Ideal para acampar y ver el cielo estrellado.',
    how_to_get:
      'Bus desde Lima a Chosica y luego a San Pedro de Casta (unas 4 horas en total). En el pueblo se paga la entrada y se sube a pie o en acémila por un camino claro de unos 3 km.',
    tips:
      'Aclimata una noche en San Pedro de Casta si vienes de la costa. De noche la temperatura baja de cero: saco de dormir de invierno, gorro y guantes. Lleva tu basura de regreso.',
    landscape: { sky: DAWN_SKY, ridges: ['#8a7a98', '#5e4d6e', '#3a2f45'], sun: '#ffd38a', rocks: true },
  },
  {
    name: 'Cañón de Autisha',
    city: 'Lima',
    difficulty: 'Fácil',
    capacity: 50,
    time: [1, 2],
    time_city: 3,
    lat: -11.7354,
    lon: -76.614,
    description:
      'Un cañón de paredes rojizas en el valle del Santa Eulalia, con un puente colgante, pozas de agua fría y la pequeña catarata de Autisha. Un paseo corto y bonito para ir en familia.',
    how_to_get:
      'Desde Chosica toma la ruta a Huinco y baja en el puente de Autisha. El sendero sale desde la carretera y bordea el río hasta la catarata.',
    tips:
      'Lleva zapatillas con buena suela: las rocas cerca del agua resbalan. En época de lluvias el río crece, así que no cruces por el cauce. Sandalias para las pozas y algo de abrigo para la tarde.',
    landscape: { sky: DAY_SKY, ridges: ['#b9836a', '#9a5f48', '#6b3f2f'], waterfall: true, sun: '#fff2b8' },
  },
  {
    name: 'Cataratas de Antankallo',
    city: 'Lima',
    difficulty: 'Media',
    capacity: 30,
    time: [3, 4],
    time_city: 3,
    lat: -11.7192,
    lon: -76.5345,
    description:
      'Una quebrada verde sobre Matucana que guarda varias caídas de agua; la principal supera los 40 metros. El sendero pasa por andenes y chacras antes de llegar al fondo de la quebrada.',
    how_to_get:
      'Bus por la Carretera Central hasta Matucana. Desde la plaza sigue las señales hacia Antankallo: el camino sube por el anexo de Huillpa y entra a la quebrada.',
    tips:
      'La caminata tiene tramos empinados: lleva bastones y agua. Paga la contribución comunal en el control. Después de la catarata principal, no sigas si no conoces la ruta.',
    landscape: { sky: HIGH_SKY, ridges: ['#8f9f88', '#5f7d58', '#36563a'], waterfall: true, trees: true },
  },
  {
    name: 'Cataratas de Palacala',
    city: 'Lima',
    difficulty: 'Fácil',
    capacity: 60,
    time: [2, 3],
    time_city: 2,
    lat: -11.9012,
    lon: -76.577,
    description:
      'Una caminata corta desde Santa Eulalia que sigue un canal de riego hasta una catarata escondida entre rocas. Buena opción para empezar en el trekking de altura moderada.',
    how_to_get:
      'Desde Chosica toma un colectivo a Santa Eulalia y luego a Palacala. El camino empieza en el anexo y sigue el canal sin pérdida.',
    tips:
      'Camina por el lado seguro del canal y no te metas al agua en temporada de lluvias. Lleva bloqueador: el sol pega fuerte al mediodía.',
    landscape: { sky: DAY_SKY, ridges: ['#a4957c', '#7a6c57', '#4f5d3c'], waterfall: true, sun: '#fff6c9' },
  },
  {
    name: 'Ruinas de Rupac',
    city: 'Lima',
    difficulty: 'Media',
    capacity: 30,
    time: [3, 4],
    time_city: 4.5,
    lat: -11.3468,
    lon: -76.848,
    description:
      'La llamada Machu Picchu limeño: una ciudadela de la cultura Atavillos sobre una cresta a 3 600 metros, con recintos de piedra de varios pisos y vistas a todo el valle de Huaral.',
    how_to_get:
      'Bus de Lima a Huaral y colectivo hasta La Florida o Pampas. Desde allí el camino de herradura sube por la ladera hasta la ciudadela.',
    tips:
      'No trepes los muros: son frágiles. Lleva casaca porque en la cresta corre viento frío. Si quieres acampar, hazlo en la explanada baja y consulta antes en la comunidad.',
    landscape: { sky: HIGH_SKY, ridges: ['#9aa3a8', '#6b7b6e', '#4c5a46'], rocks: true, sun: '#fff6c9' },
  },
  {
    name: 'Nevado Mateo',
    city: 'Lima',
    difficulty: 'Difícil',
    capacity: 12,
    time: [6, 8],
    time_city: 4,
    lat: -11.778,
    lon: -76.179,
    description:
      'Un nevado de 5 150 metros cerca de Ticlio, considerado un primer glaciar accesible. La ruta cruza morrenas y termina en un tramo de nieve con vista a la Cordillera Central.',
    how_to_get:
      'Por la Carretera Central hasta el desvío de la laguna Ticticocha, pasando Chicla. Desde el estacionamiento se sube por la morrena hasta el glaciar.',
    tips:
      'Solo con guía y equipo de glaciar (crampones, piolet, casco). Aclimata al menos un día a más de 3 500 metros. Sal de madrugada: la nieve se ablanda después del mediodía.',
    landscape: { sky: HIGH_SKY, ridges: ['#9fb0c4', '#6f819a', '#45505f'], snow: true, sun: '#ffffff' },
  },
  {
    name: 'Laguna Churup',
    city: 'Huaraz',
    difficulty: 'Exigente',
    capacity: 30,
    time: [4, 6],
    time_city: 1,
    lat: -9.4826,
    lon: -77.4403,
    description:
      'Una laguna verde esmeralda al pie del nevado Churup, a 4 450 metros. El tramo final tiene pasos de roca con cables: un buen entrenamiento antes de rutas más largas de la Cordillera Blanca.',
    how_to_get:
      'Desde Huaraz toma un colectivo a Pitec (aprox. 1 hora). En el control del Parque Nacional Huascarán se registra la visita y empieza el sendero.',
    tips:
      'Paga tu ingreso al Parque Nacional Huascarán. Usa guantes en el tramo de cables. Aclimata dos días en Huaraz antes de subir.',
    landscape: { sky: HIGH_SKY, ridges: ['#a3b2c2', '#6e8196', '#3d5a48'], snow: true, lake: '#2fb8a8' },
  },
  {
    name: 'Laguna 69',
    city: 'Huaraz',
    difficulty: 'Exigente',
    capacity: 40,
    time: [5, 7],
    time_city: 3,
    lat: -9.0457,
    lon: -77.6115,
    description:
      'La laguna más conocida de la Cordillera Blanca: agua turquesa bajo el nevado Chacraraju, a 4 600 metros. El camino sube por praderas con cascadas y termina en un último tramo empinado.',
    how_to_get:
      'Desde Huaraz viaja a Yungay y sube por la quebrada de Llanganuco hasta Cebollapampa, donde empieza el sendero. Muchas agencias salen de madrugada desde Huaraz.',
    tips:
      'Sal temprano: la ruta pide regresar antes de las 3 de la tarde. Aclimata al menos dos días en Huaraz. Lleva capas de ropa, poncho de lluvia y tres litros de agua.',
    landscape: { sky: DAY_SKY, ridges: ['#9fb0c4', '#6a7f98', '#3b5a4a'], snow: true, lake: '#1fc2d1', sun: '#fff6c9' },
    // Gestión, 28 January 2026: from 9 February 2026 visits only with agencies that hold a contract with SERNANP.
    facts: {
      access: 'solo_agencia',
      facts_source: 'https://gestion.pe/peru/parque-nacional-huascaran-dos-atractivos-solo-podran-ser-visitados-con-agencias-autorizadas-noticia/',
    },
  },
  {
    name: 'Nevado Pastoruri',
    city: 'Huaraz',
    difficulty: 'Media',
    capacity: 50,
    time: [1.5, 2],
    time_city: 2.5,
    lat: -9.9115,
    lon: -77.1893,
    description:
      'Un glaciar en retroceso en la Cordillera Blanca, a más de 5 000 metros. En el camino se ven puyas de Raimondi, manantiales de agua gasificada y pinturas rupestres de la zona de Carpa.',
    how_to_get:
      'Desde Huaraz por la carretera a Catac y el desvío a Pastoruri (unas 2 horas y media). Desde el estacionamiento se sube a pie por un camino de piedra hasta el mirador del glaciar.',
    tips:
      'El esfuerzo es corto pero la altura es mucha: camina despacio, hidrátate y lleva chocolate. No toques el glaciar. Protección solar alta y lentes oscuros.',
    landscape: { sky: HIGH_SKY, ridges: ['#b3c0cf', '#8093a6', '#5a6b55'], snow: true, fog: true },
  },
  {
    name: 'Nevado Huaytapallana',
    city: 'Huancayo',
    difficulty: 'Difícil',
    capacity: 20,
    time: [6, 8],
    time_city: 2,
    lat: -11.9292,
    lon: -75.0583,
    description:
      'Una cordillera sagrada para los huancas, con lagunas de altura como Lazo Huntay y glaciares a más de 5 500 metros. Una travesía larga y fría con paisajes enormes.',
    how_to_get:
      'Desde Huancayo toma una movilidad a Acopalca y continúa hasta el acceso de la laguna Lazo Huntay (aprox. 2 horas). Desde allí se camina hacia el frente glaciar.',
    tips:
      'Ve con guía local y aclimatado. El clima cambia rápido: lleva ropa impermeable, gorro y guantes. Respeta las ofrendas y los espacios ceremoniales.',
    landscape: { sky: DAWN_SKY, ridges: ['#a99cbc', '#6f6588', '#3c4a5c'], snow: true, lake: '#3aa7c9', sun: '#ffe0a8' },
  },
];

/** The one unverified sample, proposed by the sample user and waiting for review. */
export const UNVERIFIED_SAMPLE: SamplePlace = {
  name: 'Catarata de Huanano',
  city: 'Lima',
  difficulty: 'Media',
  capacity: 20,
  time: [2.5, 3.5],
  time_city: 3.5,
  lat: -11.8818,
  lon: -76.4421,
  description:
    'Una caída de agua en la quebrada de Surco rodeada de vegetación. Propuesta por la comunidad y pendiente de revisión por un administrador.',
  how_to_get:
    'Bus por la Carretera Central hasta San Jerónimo de Surco. Desde la plaza se sigue el camino que sube por la margen del río hasta la catarata.',
  tips: 'Consulta el estado del camino en el pueblo antes de subir y lleva agua, bloqueador y una casaca ligera.',
  landscape: { sky: DAY_SKY, ridges: ['#93a08c', '#65805e', '#3b5b3f'], waterfall: true },
};
