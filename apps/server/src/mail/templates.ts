import { firstWord } from '@sendero/contract';
import { headerSafe, type MailMessage } from './mailer.js';

/**
 * Every mail Sendero sends, in Spanish, as plain text plus a simple HTML version. Names and place names
 * come from users: they are escaped in the HTML and stripped of line breaks in the subject.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface Parts {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

const SIGNATURE = 'El equipo de Sendero';
const NOTIFICATIONS_FOOTER =
  'Recibes este correo porque tienes activada la opción «Recibir correos» en tu perfil de Sendero. Puedes desactivarla cuando quieras.';

function render(to: Recipient, parts: Parts): MailMessage {
  const name = headerSafe(firstWord(to.firstname));
  const hello = name ? `Hola, ${name}:` : 'Hola:';
  const text = [
    hello,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    SIGNATURE,
    ...(parts.footer ? ['', parts.footer] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">',
    `<p>${escapeHtml(hello)}</p>`,
    ...parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    parts.action
      ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#9f2dc7;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>` +
        `<p style="font-size:13px;color:#555">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(parts.action.url)}</p>`
      : '',
    `<p>${SIGNATURE}</p>`,
    parts.footer ? `<p style="font-size:12px;color:#777">${escapeHtml(parts.footer)}</p>` : '',
    '</body></html>',
  ].join('');
  return { to: to.email, subject: headerSafe(parts.subject), text, html };
}

export interface Recipient {
  email: string;
  firstname: string;
}

/** A mail sent because of someone else's action, only with «Recibir correos» on: it says how to stop them. */
function notification(to: Recipient, parts: Omit<Parts, 'footer'>): MailMessage {
  return render(to, { ...parts, footer: NOTIFICATIONS_FOOTER });
}

export function passwordResetMail(to: Recipient, url: string): MailMessage {
  return render(to, {
    subject: 'Restablece tu contraseña de Sendero',
    paragraphs: [
      'Recibimos un pedido para crear una nueva contraseña para tu cuenta de Sendero.',
      'El enlace funciona una sola vez y vence en 1 hora. Si no fuiste tú, ignora este correo: tu contraseña no cambiará.',
    ],
    action: { label: 'Crear una nueva contraseña', url },
  });
}

export function placeVerifiedMail(to: Recipient, placeName: string, url: string): MailMessage {
  return notification(to, {
    subject: `Tu destino «${placeName}» ya está publicado en Sendero`,
    paragraphs: [
      `Un administrador verificó «${placeName}» y ya aparece en la búsqueda de Sendero. ¡Gracias por compartirlo!`,
    ],
    action: { label: 'Ver el destino', url },
  });
}

export function placeBlockedMail(to: Recipient, placeName: string): MailMessage {
  return notification(to, {
    subject: `Tu destino «${placeName}» ya no está publicado`,
    paragraphs: [
      `Un administrador ocultó «${placeName}» de la búsqueda de Sendero mientras revisa sus datos.`,
      'Puedes revisar y corregir la información del destino desde Sendero.',
    ],
  });
}

/** docs/product.md#trail-conditions: an admin closed the recipient's place for a while. */
export function placeClosedMail(to: Recipient, placeName: string, until: string | null, note: string, url: string): MailMessage {
  return notification(to, {
    subject: `Tu destino «${placeName}» está cerrado temporalmente`,
    paragraphs: [
      `Un administrador cerró temporalmente «${placeName}» ${until ? `hasta el ${until}` : 'hasta nuevo aviso'}. Motivo: ${note}`,
      'Mientras tanto, el destino muestra un aviso de cierre a quienes lo visitan en Sendero.',
    ],
    action: { label: 'Ver destino', url },
  });
}

/** docs/product.md#trail-conditions: a review reported the recipient's place closed. */
export function placeReportedClosedMail(to: Recipient, placeName: string, walkedOn: string | null, url: string): MailMessage {
  return notification(to, {
    subject: `Reportaron «${placeName}» como cerrado`,
    paragraphs: [
      `Una reseña ${walkedOn ? `de una caminata del ${walkedOn} ` : ''}reporta que el sendero de «${placeName}» está cerrado.`,
      'Si sabes cuándo reabre, puedes actualizar la información del destino en Sendero.',
    ],
    action: { label: 'Ver destino', url },
  });
}

export function placeDeletedMail(to: Recipient, placeName: string): MailMessage {
  return notification(to, {
    subject: `Tu destino «${placeName}» fue eliminado de Sendero`,
    paragraphs: [`Un administrador eliminó «${placeName}» de Sendero, junto con sus reseñas.`],
  });
}

export function guideApprovedMail(to: Recipient, url: string): MailMessage {
  return notification(to, {
    subject: 'Tu solicitud para ser guía fue aprobada',
    paragraphs: ['¡Te damos la bienvenida a la comunidad de guías de Sendero! Ya puedes crear destinos y organizar salidas grupales.'],
    action: { label: 'Ir a Sendero', url },
  });
}

export function guideRejectedMail(to: Recipient, url: string): MailMessage {
  return notification(to, {
    subject: 'Tu solicitud para ser guía no fue aprobada',
    paragraphs: ['Revisamos tu solicitud para ser guía y esta vez no fue aprobada. Puedes enviar una nueva solicitud cuando quieras.'],
    action: { label: 'Enviar una nueva solicitud', url },
  });
}

export function outingCancelledMail(to: Recipient, placeName: string, when: string, url: string): MailMessage {
  return notification(to, {
    subject: `Se canceló la salida a «${placeName}»`,
    paragraphs: [`La salida grupal a «${placeName}» del ${when} fue cancelada. Tu cupo quedó liberado.`],
    action: { label: 'Ver otras salidas', url },
  });
}
