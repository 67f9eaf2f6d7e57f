/**
 * German words for privacy, safety sheets, profile extras, the organizer's views (issue 20), one field per English part (src/i18n/en/*.ts),
 * merged into the German catalogue by ./de.ts. The type makes it complete: a part listed
 * here does not compile until every English word has its German one.
 */
import type { Sentences } from './de';
import { plural } from '../components/format';
import { legacySay as say } from './de';

/** English sentences written outside the catalogue (the server's, the charts'), in German. */
export const safetySentences: Sentences = [
  // Privacy settings and the blocked list.
  ['Privacy settings updated', 'Privatsphäre-Einstellungen gespeichert'],
  ["We couldn't update your privacy settings. Please try again.", 'Deine Privatsphäre-Einstellungen konnten nicht gespeichert werden. Bitte versuch es noch einmal.'],
  ["We couldn't unblock them just now. Please try again.", 'Die Blockierung konnte gerade nicht aufgehoben werden. Bitte versuch es noch einmal.'],
  ['You have not blocked this person', 'Du hast diese Person nicht blockiert'],
  [
    /^Unblock (.+)\? You will be strangers again: they can find you and send a request, but no earlier connection, request or chat comes back\.$/,
    (name) =>
      `${name} nicht mehr blockieren? Ihr seid dann wieder Fremde: ${name} kann dich finden und dir eine Anfrage schicken, aber frühere Kontakte, Anfragen oder Chats kommen nicht zurück.`,
  ],
  [/^(.+) is unblocked$/, (name) => `${name} ist nicht mehr blockiert`],
  // The report sheet, and its reasons (REPORT_REASON_LABELS), which "Your reports" lists too.
  ['Harassment', 'Belästigung'],
  ['Inappropriate content', 'Unangemessene Inhalte'],
  ['Made me uncomfortable', 'Hat mir ein ungutes Gefühl gegeben'],
  ['Something else', 'Etwas anderes'],
  ['Report a photo', 'Ein Foto melden'],
  // A hidden author's name is the server's English ("Anonymous attendee"), said as the catalogue knows it.
  [/^Report a message from (.+)$/, (name) => `Eine Nachricht von ${say(name)} melden`],
  [/^Report (.+)$/, (name) => `${name} melden`],
  [/^(\d+) of (\d+) characters$/, (n, max) => `${n} von ${max} Zeichen`],
  ['Choose what happened, so a moderator knows what to look for.', 'Wähle, was passiert ist, damit das Moderationsteam weiß, worauf es achten soll.'],
  ["We couldn't send your report just now. Please try again.", 'Deine Meldung konnte gerade nicht gesendet werden. Bitte versuch es noch einmal.'],
  [
    "We couldn't block them just now. Your report is sent, and you can try again.",
    'Das Blockieren hat gerade nicht geklappt. Deine Meldung ist gesendet, und du kannst es noch einmal versuchen.',
  ],
  [
    "Do you want to block them too? They won't be able to see you or contact you, and they won't be told.",
    'Möchtest du die Person auch blockieren? Sie kann dich dann nicht mehr sehen oder kontaktieren, und sie erfährt nichts davon.',
  ],
  [
    /^Do you want to block (.+) too\? They won't be able to see you or contact you, and they won't be told\.$/,
    (name) => `Möchtest du ${name} auch blockieren? ${name} kann dich dann nicht mehr sehen oder kontaktieren und erfährt nichts davon.`,
  ],
  [
    "You blocked them. They can't see you or contact you, and they won't be told.",
    'Du hast die Person blockiert. Sie kann dich nicht sehen oder kontaktieren, und sie erfährt nichts davon.',
  ],
  [
    /^You blocked (.+)\. They can't see you or contact you, and they won't be told\.$/,
    (name) => `Du hast ${name} blockiert. ${name} kann dich nicht sehen oder kontaktieren und erfährt nichts davon.`,
  ],
  [
    'You can report someone you have come across here: at an event, in a chat or through a request.',
    'Du kannst jemanden melden, dem du hier begegnet bist: auf einem Event, in einem Chat oder über eine Anfrage.',
  ],
  // A break, and coming back from it.
  ["We couldn't start your break just now. Please try again.", 'Deine Pause konnte gerade nicht beginnen. Bitte versuch es noch einmal.'],
  ["We couldn't end your break just now. Please try again.", 'Deine Pause konnte gerade nicht beendet werden. Bitte versuch es noch einmal.'],
  // The welcome-back notification itself is the server's: in ./de-admin.ts with the others.
  // "I need a break" in a chat.
  ["Your line couldn't be sent just now. Please try again.", 'Dein Satz konnte gerade nicht gesendet werden. Bitte versuch es noch einmal.'],
  ["We couldn't unmute this chat just now. Please try again.", 'Dieser Chat konnte gerade nicht wieder laut geschaltet werden. Bitte versuch es noch einmal.'],
  // Plans: the chooser's questions, and the server's plans.
  ["You're on the Free plan now.", 'Du hast jetzt den Tarif Free.'],
  [/^You are already on the (.+) plan$/, (plan) => `Du hast schon den Tarif ${plan}`],
  // The profile photo.
  ['Please choose a JPEG, PNG or WebP image.', 'Bitte wähle ein Bild im Format JPEG, PNG oder WebP.'],
  ["That file couldn't be opened as a photo. Please choose another.", 'Diese Datei ließ sich nicht als Foto öffnen. Bitte wähle eine andere.'],
  ["Your photo couldn't be prepared on this device. Please try another.", 'Dein Foto konnte auf diesem Gerät nicht vorbereitet werden. Bitte versuch ein anderes.'],
  ["Your photo couldn't be saved just now. Please try again.", 'Dein Foto konnte gerade nicht gespeichert werden. Bitte versuch es noch einmal.'],
  ["Your photo couldn't be removed just now. Please try again.", 'Dein Foto konnte gerade nicht entfernt werden. Bitte versuch es noch einmal.'],
  ['Profile photo saved', 'Profilfoto gespeichert'],
  ['Profile photo removed', 'Profilfoto entfernt'],
  // The organizer screen.
  ['Your changes are saved. Attendees see them now.', 'Deine Änderungen sind gespeichert. Die Teilnehmenden sehen sie jetzt.'],
  ['The zone is removed.', 'Die Zone ist entfernt.'],
  ['The zone is saved. Attendees have it now.', 'Die Zone ist gespeichert. Die Teilnehmenden haben sie jetzt.'],
  [/^“(.+)” is ready, with its own group chat\.$/, (name) => `„${name}“ ist fertig, mit eigenem Gruppenchat.`],
  [/^(.+) can now help organize this event\.$/, (name) => `${name} kann jetzt helfen, dieses Event zu veranstalten.`],
  ['Your announcement is posted. Nobody else has joined yet.', 'Deine Ankündigung ist veröffentlicht. Bisher nimmt sonst noch niemand teil.'],
  [/^Your announcement went to 1 attendee\.$/, 'Deine Ankündigung ging an 1 Person.'],
  [/^Your announcement went to (\d+) attendees\.$/, (n) => `Deine Ankündigung ging an ${n} Personen.`],
  ['The event is cancelled. Everyone who joined has been told.', 'Das Event ist abgesagt. Alle, die teilnehmen wollten, wissen Bescheid.'],
  [
    "We couldn't save your changes just now. Nothing you typed is lost: please try again.",
    'Deine Änderungen konnten gerade nicht gespeichert werden. Nichts von dem, was du eingegeben hast, ist verloren: Bitte versuch es noch einmal.',
  ],
  ["We couldn't remove the zone just now. Please try again.", 'Die Zone konnte gerade nicht entfernt werden. Bitte versuch es noch einmal.'],
  [
    "We couldn't start the group just now. Nothing you typed is lost: please try again.",
    'Die Gruppe konnte gerade nicht gegründet werden. Nichts von dem, was du eingegeben hast, ist verloren: Bitte versuch es noch einmal.',
  ],
  ["We couldn't add them just now. Please try again.", 'Das Hinzufügen hat gerade nicht geklappt. Bitte versuch es noch einmal.'],
  [
    "We couldn't send the announcement just now. Nothing you wrote is lost: please try again.",
    'Die Ankündigung konnte gerade nicht gesendet werden. Nichts von dem, was du geschrieben hast, ist verloren: Bitte versuch es noch einmal.',
  ],
  ["We couldn't cancel the event just now. Please try again.", 'Das Event konnte gerade nicht abgesagt werden. Bitte versuch es noch einmal.'],
  ['This event has a group of that name already.', 'Dieses Event hat schon eine Gruppe mit diesem Namen.'],
  ['Nothing has changed yet. Change a detail, then save.', 'Noch hat sich nichts geändert. Ändere ein Detail und speichere dann.'],
  ['Please write the announcement first.', 'Bitte schreib zuerst die Ankündigung.'],
  [
    'Please say why, in a few words: everyone who joined will read it.',
    'Bitte sag in ein paar Worten, warum: Alle, die teilnehmen, werden es lesen.',
  ],
  ['user_id_to_add: is not attending this event', 'Diese Person nimmt nicht an diesem Event teil.'],
  ['name: this event already has an interest group with that name', 'Dieses Event hat schon eine Interessengruppe mit diesem Namen.'],
  ['Only the organizers of this event can do that', 'Das können nur die Veranstaltenden dieses Events.'],
  ['This event has already ended: it can no longer be cancelled', 'Dieses Event ist schon vorbei: Es kann nicht mehr abgesagt werden.'],
  [
    /^This event has had (\d+) announcements in the last hour, which is plenty for people to take in\. The next one can go out in (\d+) minutes?\.$/,
    (n, minutes) =>
      `Dieses Event hatte in der letzten Stunde ${n} Ankündigungen, und das ist reichlich zum Aufnehmen. Die nächste kann in ${plural('de', Number(minutes), { one: '# Minute', other: '# Minuten' })} rausgehen.`,
  ],
  // The zone editor.
  [
    "Please set the zone's centre: stand in it and press “I'm standing in it”, or type its coordinates.",
    'Bitte leg die Mitte der Zone fest: Stell dich hinein und tippe auf „Ich stehe gerade darin“, oder gib ihre Koordinaten ein.',
  ],
  ['This event already has a zone with that name. Please choose another one.', 'Dieses Event hat schon eine Zone mit diesem Namen. Bitte wähle einen anderen.'],
  [
    "Only this event's organizers can change its safe zones. If you help run it, ask the organizer to add you.",
    'Nur die Veranstaltenden dieses Events können seine geschützten Zonen ändern. Wenn du mithilfst, bitte die Veranstaltenden, dich hinzuzufügen.',
  ],
  [
    "The zone couldn't be saved just now. Everything you typed is still here, so you can try again.",
    'Die Zone konnte gerade nicht gespeichert werden. Alles, was du eingegeben hast, ist noch da, du kannst es also noch einmal versuchen.',
  ],
  ['Finding where you are… This can take a few seconds.', 'Wir suchen, wo du bist… Das kann ein paar Sekunden dauern.'],
  [
    "No centre yet. Stand in the middle of the zone and press “I'm standing in it”, or type its coordinates.",
    'Noch keine Mitte. Stell dich in die Mitte der Zone und tippe auf „Ich stehe gerade darin“, oder gib ihre Koordinaten ein.',
  ],
  [
    "The centre stays where it is. To move it, stand in the new spot and press “I'm standing in it”, or type coordinates.",
    'Die Mitte bleibt, wo sie ist. Um sie zu verschieben, stell dich an die neue Stelle und tippe auf „Ich stehe gerade darin“, oder gib Koordinaten ein.',
  ],
  [
    'Type the centre as latitude and longitude in degrees, for example from a map app.',
    'Gib die Mitte als Breiten- und Längengrad in Grad ein, zum Beispiel aus einer Karten-App.',
  ],
  [
    "Your browser didn't share your position. You can type the coordinates below, or allow location for this site and try again.",
    'Dein Browser hat deine Position nicht geteilt. Du kannst die Koordinaten unten eingeben oder den Standort für diese Seite erlauben und es noch einmal versuchen.',
  ],
  [
    "Your position isn't available right now. You can type the coordinates below, or try again in a moment.",
    'Deine Position ist gerade nicht verfügbar. Du kannst die Koordinaten unten eingeben oder es gleich noch einmal versuchen.',
  ],
  [
    'Finding your position took longer than expected. You can try again, or type the coordinates below.',
    'Deine Position zu finden hat länger gedauert als erwartet. Du kannst es noch einmal versuchen oder die Koordinaten unten eingeben.',
  ],
  [/^Centre set where you stand \(accurate to about (\d+) m\)\.$/, (m) => `Mitte dort gesetzt, wo du stehst (auf etwa ${m} m genau).`],
  [
    /^That's less precise than the zone's (\d+) m radius, so the centre may be a little off\. You could make the radius bigger, or try again in a moment \(near a window often helps\)\.$/,
    (radius) =>
      `Das ist ungenauer als der Radius der Zone von ${radius} m, die Mitte liegt also vielleicht etwas daneben. Du könntest den Radius vergrößern oder es gleich noch einmal versuchen (in Fensternähe klappt es oft besser).`,
  ],
];
