import { formatNumber, type Language, translateFormulaMessage } from '@solar/shared';

/**
 * User-facing texts of the API in the three UI languages. SPEC §8 gives some in German and some in
 * English; those exact texts are kept in their language and translated into the others.
 */
export const MESSAGES = {
  error: { en: 'Error', de: 'Fehler', es: 'Error' },
  something_wrong: { en: 'Something went wrong', de: 'Etwas ist schiefgelaufen', es: 'Algo salió mal' },
  not_found: { en: 'Not found', de: 'Nicht gefunden', es: 'No encontrado' },
  route_not_found: {
    en: 'This address does not exist',
    de: 'Diese Adresse gibt es nicht',
    es: 'Esta dirección no existe',
  },
  invalid_input: {
    en: 'Please check your input',
    de: 'Bitte überprüfen Sie Ihre Eingaben',
    es: 'Por favor, revise sus datos',
  },
  malformed_json: {
    en: 'The request body is not valid JSON',
    de: 'Der Anfrageinhalt ist kein gültiges JSON',
    es: 'El cuerpo de la solicitud no es un JSON válido',
  },
  payload_too_large: {
    en: 'The request is too large',
    de: 'Die Anfrage ist zu groß',
    es: 'La solicitud es demasiado grande',
  },
  unauthenticated: { en: 'Please log in', de: 'Bitte melden Sie sich an', es: 'Inicie sesión, por favor' },
  session_ended: {
    en: 'Your session has ended',
    de: 'Ihre Sitzung ist abgelaufen',
    es: 'Su sesión ha terminado',
  },
  forbidden: {
    en: 'You are not allowed to do this',
    de: 'Dazu sind Sie nicht berechtigt',
    es: 'No tiene permiso para hacer esto',
  },
  login_success: {
    en: 'You are successfully logged in',
    de: 'Sie sind erfolgreich angemeldet',
    es: 'Ha iniciado sesión correctamente',
  },
  invalid_credentials: {
    en: 'Invalid email or password',
    de: 'Ungültige E-Mail oder Passwort',
    es: 'Correo electrónico o contraseña no válidos',
  },
  too_many_attempts: {
    en: 'Too many failed attempts. Please wait a few minutes or reset your password.',
    de: 'Zu viele Fehlversuche. Bitte warten Sie einige Minuten oder setzen Sie Ihr Passwort zurück.',
    es: 'Demasiados intentos fallidos. Espere unos minutos o restablezca su contraseña.',
  },
  reset_link_sent: {
    en: 'We have sended password reset link to your registered email',
    de: 'Wir haben Ihnen einen Link zum Zurücksetzen des Passworts an Ihre registrierte E-Mail gesendet',
    es: 'Le hemos enviado un enlace para restablecer la contraseña a su correo registrado',
  },
  reset_link_invalid: {
    en: 'This link is invalid or has expired. Please request a new one.',
    de: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    es: 'Este enlace no es válido o ha caducado. Solicite uno nuevo.',
  },
  reset_link_valid: {
    en: 'This link can set a password.',
    de: 'Mit diesem Link kann ein Passwort gesetzt werden.',
    es: 'Con este enlace se puede establecer una contraseña.',
  },
  password_changed: {
    en: 'Your password has been set. You can log in now.',
    de: 'Ihr Passwort wurde gespeichert. Sie können sich jetzt anmelden.',
    es: 'Su contraseña se ha guardado. Ya puede iniciar sesión.',
  },
  logged_out: { en: 'Logged out', de: 'Abgemeldet', es: 'Sesión cerrada' },
  user_invited: {
    en: 'User has been invited',
    de: 'Benutzer wurde eingeladen',
    es: 'El usuario ha sido invitado',
  },
  duplicate_email: {
    en: 'Duplicate email not allowed',
    de: 'Doppelte E-Mail nicht erlaubt',
    es: 'No se permite un correo electrónico duplicado',
  },
  missing_role: { en: 'Missing role', de: 'Rolle fehlt', es: 'Falta el rol' },
  missing_email: { en: 'Missing email', de: 'E-Mail fehlt', es: 'Falta el correo electrónico' },
  other_company_access: {
    en: 'This user already has access to another company',
    de: 'Dieser Benutzer hat bereits Zugang zu einem anderen Unternehmen',
    es: 'Este usuario ya tiene acceso a otra empresa',
  },
  account_exists: {
    en: 'An account with this e-mail address already exists',
    de: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
    es: 'Ya existe una cuenta con esta dirección de correo electrónico',
  },
  already_member: {
    en: 'This user is already a member of your team',
    de: 'Dieser Benutzer ist bereits in Ihrem Team',
    es: 'Este usuario ya forma parte de su equipo',
  },
  cannot_change_self: {
    en: 'You cannot change or remove your own access',
    de: 'Sie können Ihren eigenen Zugang nicht ändern oder entfernen',
    es: 'No puede cambiar ni eliminar su propio acceso',
  },
  access_updated: { en: 'Access updated', de: 'Zugang aktualisiert', es: 'Acceso actualizado' },
  access_removed: { en: 'Access removed', de: 'Zugang entfernt', es: 'Acceso eliminado' },
  user_not_found: { en: 'User not found', de: 'Benutzer nicht gefunden', es: 'Usuario no encontrado' },
  company_not_found: {
    en: 'Company not found',
    de: 'Unternehmen nicht gefunden',
    es: 'Empresa no encontrada',
  },
  quote_not_found: { en: 'Project not found', de: 'Projekt nicht gefunden', es: 'Proyecto no encontrado' },
  project_not_found: { en: 'Project not found', de: 'Projekt nicht gefunden', es: 'Proyecto no encontrado' },
  change_request_resolved: {
    en: 'Change request resolved',
    de: 'Änderungswunsch erledigt',
    es: 'Solicitud de cambio resuelta',
  },
  change_request_reopened: {
    en: 'Change request reopened',
    de: 'Änderungswunsch wieder geöffnet',
    es: 'Solicitud de cambio reabierta',
  },
  change_request_not_found: {
    en: 'This change request was not found or has been handled by someone else meanwhile',
    de: 'Dieser Änderungswunsch wurde nicht gefunden oder inzwischen von jemand anderem bearbeitet',
    es: 'Esta solicitud de cambio no se encontró o alguien más la ha tramitado entretanto',
  },
  stage_move_refused: {
    en: 'This project cannot move from {from} to {to}',
    de: 'Dieses Projekt kann nicht von {from} nach {to} verschoben werden',
    es: 'Este proyecto no puede pasar de {from} a {to}',
  },
  stage_move_role: {
    en: 'Your role may not move a project from {from} to {to}',
    de: 'Ihre Rolle darf ein Projekt nicht von {from} nach {to} verschieben',
    es: 'Su rol no puede pasar un proyecto de {from} a {to}',
  },
  responsible_not_in_company: {
    en: 'The responsible person must belong to your company',
    de: 'Die verantwortliche Person muss zu Ihrem Unternehmen gehören',
    es: 'La persona responsable debe pertenecer a su empresa',
  },
  projects_deleted: {
    en: 'Projects are deleted successfully',
    de: 'Projekte wurden erfolgreich gelöscht',
    es: 'Los proyectos se han eliminado correctamente',
  },
  project_saved: { en: 'Project saved', de: 'Projekt gespeichert', es: 'Proyecto guardado' },
  file_too_large: {
    en: 'The file is too large (at most 20 MB)',
    de: 'Die Datei ist zu groß (höchstens 20 MB)',
    es: 'El archivo es demasiado grande (máximo 20 MB)',
  },
  file_type_not_allowed: {
    en: 'This file type is not allowed',
    de: 'Dieser Dateityp ist nicht erlaubt',
    es: 'Este tipo de archivo no está permitido',
  },
  file_missing: { en: 'Please choose a file', de: 'Bitte wählen Sie eine Datei', es: 'Elija un archivo' },
  file_deleted: { en: 'File deleted', de: 'Datei gelöscht', es: 'Archivo eliminado' },
  quote_request_received: {
    en: 'Thank you! Installers near you will get in touch.',
    de: 'Vielen Dank! Installateure in Ihrer Nähe melden sich bei Ihnen.',
    es: '¡Gracias! Los instaladores cercanos se pondrán en contacto con usted.',
  },
  quote_request_received_partner: {
    en: 'Thank you! {name} will get in touch.',
    de: 'Vielen Dank! {name} meldet sich bei Ihnen.',
    es: '¡Gracias! {name} se pondrá en contacto con usted.',
  },
  too_many_quote_requests: {
    en: 'Too many quote requests from your connection. Please try again later.',
    de: 'Zu viele Angebotsanfragen von Ihrem Anschluss. Bitte versuchen Sie es später erneut.',
    es: 'Demasiadas solicitudes de presupuesto desde su conexión. Vuelva a intentarlo más tarde.',
  },
  partner_not_found: {
    en: 'No solar partner has this link',
    de: 'Zu diesem Link gibt es keinen Solarpartner',
    es: 'Ningún socio solar tiene este enlace',
  },
  too_many_partner_lookups: {
    en: 'Too many partner look-ups from your connection. Please try again later.',
    de: 'Zu viele Partnerabfragen von Ihrem Anschluss. Bitte versuchen Sie es später erneut.',
    es: 'Demasiadas consultas de socios desde su conexión. Vuelva a intentarlo más tarde.',
  },
  stage_ACQUISITION: { en: 'Acquisition', de: 'Akquise', es: 'Captación' },
  stage_OFFER_PROVIDED: { en: 'Offer provided', de: 'Angebot abgegeben', es: 'Oferta enviada' },
  stage_INSTALLER_SIGNED: {
    en: 'Installer signed',
    de: 'Auftrag unterschrieben',
    es: 'Instalador contratado',
  },
  stage_PROJECT_REALIZED: { en: 'Project realized', de: 'Projekt realisiert', es: 'Proyecto realizado' },
  stage_OFFER_NOT_ACCEPTED: {
    en: 'Offer not accepted',
    de: 'Angebot nicht angenommen',
    es: 'Oferta no aceptada',
  },
  product_not_found: { en: 'Product not found', de: 'Produkt nicht gefunden', es: 'Producto no encontrado' },
  product_not_in_catalogue: {
    en: 'This product is not in your catalogue',
    de: 'Dieses Produkt ist nicht in Ihrem Katalog',
    es: 'Este producto no está en su catálogo',
  },
  products_deleted: {
    en: '{count} products deleted',
    de: '{count} Produkte gelöscht',
    es: 'Se eliminaron {count} productos',
  },
  products_deleted_one: { en: '1 product deleted', de: '1 Produkt gelöscht', es: 'Se eliminó 1 producto' },
  product_removed: {
    en: 'Product removed from your catalogue',
    de: 'Produkt aus Ihrem Katalog entfernt',
    es: 'Producto eliminado de su catálogo',
  },
  duplicate_tier: {
    en: 'Each quantity tier may appear only once',
    de: 'Jede Mengenstaffel darf nur einmal vorkommen',
    es: 'Cada tramo de cantidad solo puede aparecer una vez',
  },
  tier_min_quantity: {
    en: 'A bulk price starts at 2 pieces or more: 1 piece costs the unit price',
    de: 'Ein Staffelpreis beginnt ab 2 Stück: 1 Stück kostet den Stückpreis',
    es: 'Un precio por volumen empieza a partir de 2 unidades: 1 unidad cuesta el precio unitario',
  },
  tier_above_unit_price: {
    en: 'A bulk price may not be above the unit price',
    de: 'Ein Staffelpreis darf nicht über dem Stückpreis liegen',
    es: 'Un precio por volumen no puede superar el precio unitario',
  },
  tier_above_smaller_tier: {
    en: 'A bulk price may not be above the price of a smaller quantity',
    de: 'Ein Staffelpreis darf nicht über dem Preis einer kleineren Menge liegen',
    es: 'Un precio por volumen no puede superar el precio de una cantidad menor',
  },
  price_below_tier: {
    en: 'The unit price is below a bulk price: change the bulk prices too',
    de: 'Der Stückpreis liegt unter einem Staffelpreis: Passen Sie auch die Staffelpreise an',
    es: 'El precio unitario es inferior a un precio por volumen: ajuste también los precios por volumen',
  },
  template_deleted: {
    en: 'Template deleted successfully',
    de: 'Vorlage erfolgreich gelöscht',
    es: 'Plantilla eliminada correctamente',
  },
  template_updated: {
    en: 'Template updated successfully',
    de: 'Vorlage erfolgreich aktualisiert',
    es: 'Plantilla actualizada correctamente',
  },
  template_saved_as: {
    en: 'Template saved as {name}',
    de: 'Vorlage erfolgreich gespeichert als {name}',
    es: 'Plantilla guardada como {name}',
  },
  task_set_saved: {
    en: 'Template saved as {name} with {count} tasks',
    de: 'Vorlage gespeichert als {name} mit {count} Aufgaben',
    es: 'Plantilla guardada como {name} con {count} tareas',
  },
  task_set_saved_one: {
    en: 'Template saved as {name} with 1 task',
    de: 'Vorlage gespeichert als {name} mit 1 Aufgabe',
    es: 'Plantilla guardada como {name} con 1 tarea',
  },
  template_not_found: {
    en: 'Template not found',
    de: 'Vorlage nicht gefunden',
    es: 'Plantilla no encontrada',
  },
  template_create_failed: {
    en: 'Failed to create template',
    de: 'Vorlage konnte nicht erstellt werden',
    es: 'No se pudo crear la plantilla',
  },
  template_not_docx: {
    en: 'Only Word files (.docx) under 20 MB can be used as templates',
    de: 'Als Vorlage sind nur Word-Dateien (.docx) unter 20 MB möglich',
    es: 'Solo se admiten archivos de Word (.docx) de menos de 20 MB como plantilla',
  },
  template_invalid: {
    en: 'This file is not a valid Word document',
    de: 'Diese Datei ist kein gültiges Word-Dokument',
    es: 'Este archivo no es un documento de Word válido',
  },
  template_render_failed: {
    en: 'The template could not be filled: {detail}',
    de: 'Die Vorlage konnte nicht befüllt werden: {detail}',
    es: 'No se pudo rellenar la plantilla: {detail}',
  },
  offer_not_found: { en: 'Offer not found', de: 'Angebot nicht gefunden', es: 'Oferta no encontrada' },
  offer_uploaded: { en: 'Offer uploaded', de: 'Angebot hochgeladen', es: 'Oferta subida' },
  offer_queued: {
    en: 'The offer is being sent',
    de: 'Das Angebot wird versendet',
    es: 'La oferta se está enviando',
  },
  offer_sent: {
    en: 'Offer sent successfully! An email with the PDF attachment has been sent to the recipient.',
    de: 'Angebot erfolgreich versendet! Eine E-Mail mit dem PDF-Anhang wurde an den Empfänger gesendet.',
    es: '¡Oferta enviada correctamente! Se ha enviado al destinatario un correo con el PDF adjunto.',
  },
  email_sent: {
    en: 'Email sent successfully',
    de: 'E-Mail erfolgreich gesendet',
    es: 'Correo enviado correctamente',
  },
  template_read_only: {
    en: 'Built-in templates cannot be changed',
    de: 'Vorlagen des Portals können nicht geändert werden',
    es: 'Las plantillas predeterminadas no se pueden modificar',
  },
  offer_no_recipient: {
    en: 'The customer has no e-mail address; please enter a recipient',
    de: 'Der Kunde hat keine E-Mail-Adresse; bitte geben Sie einen Empfänger an',
    es: 'El cliente no tiene correo electrónico; indique un destinatario',
  },
  offer_pdf_failed: {
    en: 'The PDF could not be created',
    de: 'Das PDF konnte nicht erstellt werden',
    es: 'No se pudo crear el PDF',
  },
  download_limit: {
    en: 'You reached maximum limit of downloads',
    de: 'Sie haben die maximale Anzahl an Downloads erreicht',
    es: 'Ha alcanzado el límite máximo de descargas',
  },
  premium_required: {
    en: 'Please select premuim plan',
    de: 'Bitte wählen Sie den Premium-Tarif',
    es: 'Seleccione el plan Premium',
  },
  download_not_available: {
    en: 'Download not available',
    de: 'Download nicht verfügbar',
    es: 'Descarga no disponible',
  },
  price_mismatch: {
    en: 'The price does not match the chosen extras',
    de: 'Der Preis passt nicht zu den gewählten Extras',
    es: 'El precio no coincide con los extras elegidos',
  },
  invalid_signature: {
    en: 'Invalid webhook signature',
    de: 'Ungültige Webhook-Signatur',
    es: 'Firma de webhook no válida',
  },
  checkout_not_found: {
    en: 'Checkout not found or already completed',
    de: 'Bezahlvorgang nicht gefunden oder bereits abgeschlossen',
    es: 'Pago no encontrado o ya completado',
  },
  plan_unchanged: {
    en: 'You already have this plan',
    de: 'Sie haben diesen Tarif bereits',
    es: 'Ya tiene este plan',
  },
  payments_not_configured: {
    en: 'Plans cannot be bought online yet. Please contact us.',
    de: 'Tarife können noch nicht online gekauft werden. Bitte sprechen Sie uns an.',
    es: 'Los planes aún no se pueden comprar en línea. Póngase en contacto con nosotros.',
  },
  plan_free_not_cancellable: {
    en: 'The Free plan has nothing to cancel',
    de: 'Der Free-Tarif kann nicht gekündigt werden',
    es: 'El plan gratuito no se puede cancelar',
  },
  plan_enterprise_cancel_by_chat: {
    en: 'Chat with us to cancel the Enterprise plan',
    de: 'Schreiben Sie uns im Chat, um den Enterprise-Tarif zu kündigen',
    es: 'Escríbanos por chat para cancelar el plan Enterprise',
  },
  plan_already_cancelled: {
    en: 'The plan is already cancelled',
    de: 'Der Tarif ist bereits gekündigt',
    es: 'El plan ya está cancelado',
  },
  plan_not_cancelled: {
    en: 'The plan is not cancelled',
    de: 'Der Tarif ist nicht gekündigt',
    es: 'El plan no está cancelado',
  },
  checkout_completed: {
    en: 'This checkout has already been paid',
    de: 'Dieser Bezahlvorgang ist bereits bezahlt',
    es: 'Este pago ya se ha realizado',
  },
  checkout_expired: {
    en: 'This checkout has expired; please choose the plan again',
    de: 'Dieser Bezahlvorgang ist abgelaufen; bitte wählen Sie den Tarif erneut',
    es: 'Este pago ha caducado; elija el plan de nuevo',
  },
  planning_file_uploaded: {
    en: 'Planning file uploaded',
    de: 'Planungsdatei hochgeladen',
    es: 'Archivo de planificación subido',
  },
  customer_link_invalid: {
    en: 'This link is invalid or has expired. Please ask your installer for a new one.',
    de: 'Dieser Link ist ungültig oder abgelaufen. Bitte fragen Sie Ihren Installateur nach einem neuen.',
    es: 'Este enlace no es válido o ha caducado. Pida uno nuevo a su instalador.',
  },
  customer_view_preview: {
    en: 'This is a preview of the page your customer sees. Only the customer can accept or decline the offer.',
    de: 'Dies ist eine Vorschau der Seite Ihres Kunden. Annehmen und Ablehnen sind dem Kunden vorbehalten.',
    es: 'Esta es una vista previa de la página de su cliente. Solo el cliente puede aceptar o rechazar la oferta.',
  },
  offer_outdated: {
    en: 'The offer has changed in the meantime. Please review the new version.',
    de: 'Das Angebot wurde inzwischen geändert. Bitte prüfen Sie die neue Version.',
    es: 'La oferta ha cambiado entretanto. Revise la nueva versión.',
  },
  offer_already_declined: {
    en: 'You have already declined this offer.',
    de: 'Sie haben dieses Angebot bereits abgelehnt.',
    es: 'Ya ha rechazado esta oferta.',
  },
  offer_already_accepted: {
    en: 'This offer has already been accepted and can no longer be declined here. Please contact your installer.',
    de: 'Dieses Angebot wurde bereits angenommen und kann hier nicht mehr abgelehnt werden. Bitte wenden Sie sich an Ihren Installateur.',
    es: 'Esta oferta ya fue aceptada y ya no puede rechazarse aquí. Póngase en contacto con su instalador.',
  },
  offer_declined: {
    en: 'You have declined this offer. If you have changed your mind, please contact your installer, who can send you a new offer.',
    de: 'Sie haben dieses Angebot abgelehnt. Wenn Sie es sich anders überlegt haben, wenden Sie sich bitte an Ihren Installateur; er kann Ihnen ein neues Angebot senden.',
    es: 'Ha rechazado esta oferta. Si ha cambiado de opinión, póngase en contacto con su instalador, que puede enviarle una nueva oferta.',
  },
  offer_withdrawn: {
    en: 'The installer has withdrawn this offer. Please contact your installer.',
    de: 'Der Installateur hat dieses Angebot zurückgezogen. Bitte wenden Sie sich an Ihren Installateur.',
    es: 'El instalador ha retirado esta oferta. Póngase en contacto con su instalador.',
  },
  offer_closed: {
    en: 'This offer is no longer open. Please contact your installer.',
    de: 'Dieses Angebot ist nicht mehr offen. Bitte wenden Sie sich an Ihren Installateur.',
    es: 'Esta oferta ya no está abierta. Póngase en contacto con su instalador.',
  },
  consent_required: {
    en: 'Please confirm that you accept the offer',
    de: 'Bitte bestätigen Sie, dass Sie das Angebot annehmen',
    es: 'Confirme que acepta la oferta',
  },
  meeting_requested: {
    en: 'Thank you! We will get back to you to arrange the meeting.',
    de: 'Vielen Dank! Wir melden uns, um einen Termin zu vereinbaren.',
    es: '¡Gracias! Nos pondremos en contacto para acordar la reunión.',
  },
  tasks_deleted: {
    en: 'Tasks deleted successfully',
    de: 'Aufgaben erfolgreich gelöscht',
    es: 'Tareas eliminadas correctamente',
  },
  tasks_restored: {
    en: 'Tasks restored',
    de: 'Aufgaben wiederhergestellt',
    es: 'Tareas restauradas',
  },
  task_not_found: {
    en: 'Task not found',
    de: 'Aufgabe nicht gefunden',
    es: 'Tarea no encontrada',
  },
  edit_conflict: {
    en: 'Someone else changed this record meanwhile: check the marked fields and save again',
    de: 'Jemand anderes hat diesen Datensatz inzwischen geändert: Prüfen Sie die markierten Felder und speichern Sie erneut',
    es: 'Otra persona ha cambiado este registro mientras tanto: revise los campos marcados y guarde de nuevo',
  },
  changed_meanwhile: {
    en: 'Changed meanwhile by someone else',
    de: 'Inzwischen von jemand anderem geändert',
    es: 'Cambiado mientras tanto por otra persona',
  },
  property_created: {
    en: 'Property created successfully',
    de: 'Eigenschaft erfolgreich erstellt',
    es: 'Propiedad creada correctamente',
  },
  property_updated: {
    en: 'Property updated successfully',
    de: 'Eigenschaft erfolgreich aktualisiert',
    es: 'Propiedad actualizada correctamente',
  },
  property_deleted: {
    en: 'Property deleted successfully',
    de: 'Eigenschaft erfolgreich gelöscht',
    es: 'Propiedad eliminada correctamente',
  },
  property_exists: {
    en: 'A property with this name already exists',
    de: 'Eine Eigenschaft mit diesem Namen gibt es bereits',
    es: 'Ya existe una propiedad con este nombre',
  },
  retype_not_found: {
    en: 'This type change can no longer be undone',
    de: 'Diese Typänderung kann nicht mehr rückgängig gemacht werden',
    es: 'Este cambio de tipo ya no se puede deshacer',
  },
  retype_mismatch: {
    en: 'This is not the type change of this property',
    de: 'Das ist nicht die Typänderung dieser Eigenschaft',
    es: 'Este no es el cambio de tipo de esta propiedad',
  },
  property_not_found: {
    en: 'This property does not exist',
    de: 'Diese Eigenschaft gibt es nicht',
    es: 'Esta propiedad no existe',
  },
  title_property_fixed: {
    en: 'The name column cannot be deleted or change its type',
    de: 'Die Namensspalte kann nicht gelöscht werden und ihren Typ nicht ändern',
    es: 'La columna de nombre no se puede eliminar ni cambiar de tipo',
  },
  projects_no_new_properties: {
    en: 'User can not add new properties in project section',
    de: 'Im Projektbereich können keine neuen Eigenschaften hinzugefügt werden',
    es: 'No se pueden añadir propiedades nuevas en la sección de proyectos',
  },
  projects_no_delete_properties: {
    en: 'User can not delete properties',
    de: 'Eigenschaften können nicht gelöscht werden',
    es: 'No se pueden eliminar propiedades',
  },
  projects_no_edit_properties: {
    en: 'User can not edit property names, types or icons in project section',
    de: 'Im Projektbereich können Namen, Typen und Symbole von Eigenschaften nicht geändert werden',
    es: 'En la sección de proyectos no se pueden cambiar nombres, tipos ni iconos de propiedades',
  },
  project_records_fixed: {
    en: 'Projects are added and removed in the project listing',
    de: 'Projekte werden in der Projektliste hinzugefügt und entfernt',
    es: 'Los proyectos se añaden y eliminan en la lista de proyectos',
  },
  property_schema_role: {
    en: 'Only company administrators and installers can change properties',
    de: 'Nur Firmenadministratoren und Installateure können Eigenschaften ändern',
    es: 'Solo los administradores de la empresa y los instaladores pueden cambiar propiedades',
  },
  view_created: {
    en: 'View created successfully',
    de: 'Ansicht erfolgreich erstellt',
    es: 'Vista creada correctamente',
  },
  view_updated: {
    en: 'View updated successfully',
    de: 'Ansicht erfolgreich aktualisiert',
    es: 'Vista actualizada correctamente',
  },
  view_deleted: {
    en: 'View deleted successfully',
    de: 'Ansicht erfolgreich gelöscht',
    es: 'Vista eliminada correctamente',
  },
  view_not_found: {
    en: 'View not found',
    de: 'Ansicht nicht gefunden',
    es: 'Vista no encontrada',
  },
  template_name_empty: {
    en: 'The template name cannot be empty',
    de: 'Der Vorlagenname darf nicht leer sein',
    es: 'El nombre de la plantilla no puede estar vacío',
  },
  template_no_tasks: {
    en: 'There are no tasks to save with the current filters',
    de: 'Mit den aktuellen Filtern gibt es keine Aufgaben zum Speichern',
    es: 'No hay tareas que guardar con los filtros actuales',
  },
  template_imported: {
    en: '{count} tasks were added to the project',
    de: '{count} Aufgaben wurden dem Projekt hinzugefügt',
    es: 'Se añadieron {count} tareas al proyecto',
  },
  template_imported_one: {
    en: '1 task was added to the project',
    de: '1 Aufgabe wurde dem Projekt hinzugefügt',
    es: 'Se añadió 1 tarea al proyecto',
  },
  templates_deleted: {
    en: 'Templates deleted successfully',
    de: 'Vorlagen erfolgreich gelöscht',
    es: 'Plantillas eliminadas correctamente',
  },
  import_done: {
    en: '{count} records were imported',
    de: '{count} Einträge wurden importiert',
    es: 'Se importaron {count} registros',
  },
  import_done_one: {
    en: '1 record was imported',
    de: '1 Eintrag wurde importiert',
    es: 'Se importó 1 registro',
  },
  paste_done: {
    en: '{count} cells were pasted',
    de: '{count} Zellen wurden eingefügt',
    es: 'Se pegaron {count} celdas',
  },
  paste_done_one: {
    en: '1 cell was pasted',
    de: '1 Zelle wurde eingefügt',
    es: 'Se pegó 1 celda',
  },
  paste_failed: {
    en: 'Nothing was pasted: some cells do not fit their property',
    de: 'Nichts wurde eingefügt: Einige Zellen passen nicht zu ihrer Eigenschaft',
    es: 'No se pegó nada: algunas celdas no encajan con su propiedad',
  },
  paste_too_many_records: {
    en: 'One paste changes at most 1,000 records',
    de: 'Ein Einfügen ändert höchstens 1.000 Einträge',
    es: 'Un pegado cambia como máximo 1.000 registros',
  },
  import_title_required: {
    en: 'Choose the column that holds the name',
    de: 'Wählen Sie die Spalte, die den Namen enthält',
    es: 'Elija la columna que contiene el nombre',
  },
  import_not_importable: {
    en: 'This property is calculated and cannot be imported',
    de: 'Diese Eigenschaft wird berechnet und kann nicht importiert werden',
    es: 'Esta propiedad se calcula y no se puede importar',
  },
  import_mapped_twice: {
    en: 'This property is chosen for more than one column',
    de: 'Diese Eigenschaft ist mehr als einer Spalte zugeordnet',
    es: 'Esta propiedad está asignada a más de una columna',
  },
  import_columns_mismatch: {
    en: 'The row has a different number of columns than the header',
    de: 'Die Zeile hat eine andere Spaltenzahl als die Kopfzeile',
    es: 'La fila tiene un número de columnas distinto al de la cabecera',
  },
  import_person_unknown: {
    en: 'No user of your company has this name or e-mail',
    de: 'Kein Benutzer Ihrer Firma hat diesen Namen oder diese E-Mail',
    es: 'Ningún usuario de su empresa tiene este nombre o correo',
  },
  import_relation_unknown: {
    en: 'No record has this name',
    de: 'Kein Eintrag hat diesen Namen',
    es: 'Ningún registro tiene este nombre',
  },
  import_date_format: {
    en: 'Please enter a date as YYYY-MM-DD or DD.MM.YYYY',
    de: 'Bitte geben Sie ein Datum als JJJJ-MM-TT oder TT.MM.JJJJ ein',
    es: 'Introduzca una fecha como AAAA-MM-DD o DD.MM.AAAA',
  },
  import_date_no_day: {
    en: 'This day is not in the calendar (check the day and the month)',
    de: 'Diesen Tag gibt es im Kalender nicht (bitte Tag und Monat prüfen)',
    es: 'Este día no existe en el calendario (revise el día y el mes)',
  },
  template_restored: {
    en: 'The template is back',
    de: 'Die Vorlage ist wiederhergestellt',
    es: 'La plantilla se ha restaurado',
  },
  service_unavailable: {
    en: 'The service is briefly unavailable. Please try again in a moment.',
    de: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    es: 'El servicio no está disponible un momento. Vuelva a intentarlo enseguida.',
  },
  // Field messages (zod issues and custom keys).
  move_target_twice: {
    en: 'Give either the record to move after or the positions, not both',
    de: 'Geben Sie entweder den Datensatz an, hinter den verschoben wird, oder die Positionen, nicht beides',
    es: 'Indique el registro tras el que mover o las posiciones, no ambos',
  },
  positions_length: {
    en: 'Give one position for each record',
    de: 'Geben Sie für jeden Datensatz eine Position an',
    es: 'Indique una posición para cada registro',
  },
  move_after_itself: {
    en: 'A record cannot be moved after itself',
    de: 'Ein Datensatz kann nicht hinter sich selbst verschoben werden',
    es: 'Un registro no puede moverse detrás de sí mismo',
  },
  duplicate_ids: {
    en: 'Each record may appear only once',
    de: 'Jeder Datensatz darf nur einmal vorkommen',
    es: 'Cada registro puede aparecer solo una vez',
  },
  view_name_empty: {
    en: 'View name cannot be empty or just spaces.',
    de: 'Der Name der Ansicht darf nicht leer sein oder nur aus Leerzeichen bestehen.',
    es: 'El nombre de la vista no puede estar vacío ni contener solo espacios.',
  },
  property_name_empty: {
    en: 'The property name cannot be empty',
    de: 'Der Name der Eigenschaft darf nicht leer sein',
    es: 'El nombre de la propiedad no puede estar vacío',
  },
  property_name_invalid: {
    en: 'A property name cannot start with $',
    de: 'Der Name einer Eigenschaft darf nicht mit $ beginnen',
    es: 'El nombre de una propiedad no puede empezar por $',
  },
  property_name_reserved: {
    en: 'This property name is reserved, please choose another one',
    de: 'Dieser Name ist reserviert, bitte wählen Sie einen anderen',
    es: 'Este nombre está reservado, elija otro',
  },
  read_only_property: {
    en: 'This value is computed or comes from the project and cannot be changed here',
    de: 'Dieser Wert wird berechnet oder kommt aus dem Projekt und kann hier nicht geändert werden',
    es: 'Este valor se calcula o procede del proyecto y no se puede cambiar aquí',
  },
  unknown_property: {
    en: 'This property does not exist',
    de: 'Diese Eigenschaft gibt es nicht',
    es: 'Esta propiedad no existe',
  },
  invalid_number: {
    en: 'Please enter a number',
    de: 'Bitte geben Sie eine Zahl ein',
    es: 'Introduzca un número',
  },
  invalid_date: {
    en: 'Please enter a date as YYYY-MM-DD',
    de: 'Bitte geben Sie ein Datum als JJJJ-MM-TT ein',
    es: 'Introduzca una fecha como AAAA-MM-DD',
  },
  invalid_checkbox: {
    en: 'Please enter yes or no',
    de: 'Bitte ja oder nein angeben',
    es: 'Indique sí o no',
  },
  invalid_phone: {
    en: 'Please enter a valid phone number',
    de: 'Bitte geben Sie eine gültige Telefonnummer ein',
    es: 'Introduzca un número de teléfono válido',
  },
  invalid_relation: {
    en: 'Links may only point to existing records of your company',
    de: 'Verknüpfungen dürfen nur auf vorhandene Einträge Ihrer Firma zeigen',
    es: 'Los enlaces solo pueden apuntar a registros existentes de su empresa',
  },
  invalid_person: {
    en: 'Only people of your company can be chosen',
    de: 'Nur Personen Ihrer Firma können gewählt werden',
    es: 'Solo se pueden elegir personas de su empresa',
  },
  invalid_formula: {
    en: 'The formula cannot be read',
    de: 'Die Formel ist ungültig',
    es: 'La fórmula no es válida',
  },
  invalid_formula_detail: {
    en: 'The formula cannot be read: {detail}',
    de: 'Die Formel ist ungültig: {detail}',
    es: 'La fórmula no es válida: {detail}',
  },
  invalid_rollup: {
    en: 'Choose a relation property and a property of the related records',
    de: 'Wählen Sie eine Verknüpfungs-Eigenschaft und eine Eigenschaft der verknüpften Einträge',
    es: 'Elija una propiedad de relación y una propiedad de los registros relacionados',
  },
  invalid_button: {
    en: 'The button must set an existing, editable property',
    de: 'Die Schaltfläche muss eine vorhandene, änderbare Eigenschaft setzen',
    es: 'El botón debe establecer una propiedad existente y editable',
  },
  required: {
    en: 'This field is required',
    de: 'Dieses Feld ist erforderlich',
    es: 'Este campo es obligatorio',
  },
  invalid_email: {
    en: 'Please enter a valid e-mail address',
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    es: 'Introduzca un correo electrónico válido',
  },
  invalid_url: {
    en: 'Please enter a valid http or https address',
    de: 'Bitte geben Sie eine gültige http- oder https-Adresse ein',
    es: 'Introduzca una dirección http o https válida',
  },
  price_cents: {
    en: 'Please enter the price in euros and cents, with at most two decimals',
    de: 'Bitte geben Sie den Preis in Euro und Cent an, mit höchstens zwei Nachkommastellen',
    es: 'Introduzca el precio en euros y céntimos, con dos decimales como máximo',
  },
  invalid_postal_code: {
    en: 'Please enter a postal code (e.g. 80802)',
    de: 'Bitte geben Sie eine Postleitzahl ein (z. B. 80802)',
    es: 'Introduzca un código postal (p. ej., 80802)',
  },
  invalid_partner_slug: {
    en: 'A partner link name has lowercase letters, digits and hyphens only',
    de: 'Ein Partnerlink-Name besteht nur aus Kleinbuchstaben, Ziffern und Bindestrichen',
    es: 'El nombre de un enlace de socio solo lleva minúsculas, cifras y guiones',
  },
  invalid_vat_id: {
    en: 'Please enter a VAT ID with its country code (e.g. DE123456789)',
    de: 'Bitte geben Sie eine USt-IdNr. mit Länderkennung ein (z. B. DE123456789)',
    es: 'Introduzca un NIF-IVA con el código del país (p. ej., DE123456789)',
  },
  password_too_short: {
    en: 'The password must have at least 10 characters',
    de: 'Das Passwort muss mindestens 10 Zeichen haben',
    es: 'La contraseña debe tener al menos 10 caracteres',
  },
  password_too_long: {
    en: 'The password is too long',
    de: 'Das Passwort ist zu lang',
    es: 'La contraseña es demasiado larga',
  },
  invalid_type: { en: 'Invalid value', de: 'Ungültiger Wert', es: 'Valor no válido' },
  too_small: {
    en: 'The value is too short or too small',
    de: 'Der Wert ist zu kurz oder zu klein',
    es: 'El valor es demasiado corto o pequeño',
  },
  number_at_least: {
    en: 'The value must be at least {limit}',
    de: 'Der Wert muss mindestens {limit} sein',
    es: 'El valor debe ser como mínimo {limit}',
  },
  number_above: {
    en: 'The value must be greater than {limit}',
    de: 'Der Wert muss größer als {limit} sein',
    es: 'El valor debe ser mayor que {limit}',
  },
  number_at_most: {
    en: 'The value must be at most {limit}',
    de: 'Der Wert darf höchstens {limit} sein',
    es: 'El valor debe ser como máximo {limit}',
  },
  number_below: {
    en: 'The value must be less than {limit}',
    de: 'Der Wert muss kleiner als {limit} sein',
    es: 'El valor debe ser menor que {limit}',
  },
  text_at_least: {
    en: 'Please enter at least {limit} characters',
    de: 'Bitte geben Sie mindestens {limit} Zeichen ein',
    es: 'Introduzca al menos {limit} caracteres',
  },
  text_at_most: {
    en: 'Please enter at most {limit} characters',
    de: 'Bitte geben Sie höchstens {limit} Zeichen ein',
    es: 'Introduzca como máximo {limit} caracteres',
  },
  too_big: {
    en: 'The value is too long or too large',
    de: 'Der Wert ist zu lang oder zu groß',
    es: 'El valor es demasiado largo o grande',
  },
  invalid_value: {
    en: 'Please choose one of the allowed values',
    de: 'Bitte wählen Sie einen erlaubten Wert',
    es: 'Elija uno de los valores permitidos',
  },
  invalid_cursor: {
    en: 'This page link is no longer valid: please start from the first page',
    de: 'Dieser Seitenverweis ist nicht mehr gültig: bitte beginnen Sie mit der ersten Seite',
    es: 'Este enlace de página ya no es válido: empiece por la primera página',
  },
  invalid_bbox: { en: 'Invalid map area', de: 'Ungültiger Kartenausschnitt', es: 'Área de mapa no válida' },
  unknown_field: { en: 'Unknown field', de: 'Unbekanntes Feld', es: 'Campo desconocido' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/**
 * The text of a key in a language; a formula's own message (a parameter of `invalid_formula_detail`)
 * is translated by the shared table; anything else falls back to the key itself.
 */
export function translate(key: string, lang: Language): string {
  return isMessageKey(key) ? MESSAGES[key][lang] : translateFormulaMessage(key, lang);
}

/**
 * A message about a number of things, `{count}` in the language's number format: the key's `_one`
 * form for exactly one when there is one ("1 cell was pasted", not "1 cells were pasted").
 */
export function translateCount(key: MessageKey, count: number, lang: Language): string {
  const one = `${key}_one`;
  const text = count === 1 && isMessageKey(one) ? MESSAGES[one][lang] : MESSAGES[key][lang];
  return text.replace('{count}', formatNumber(count, lang));
}

/** Picks the UI language from an Accept-Language header; German is the default (SPEC §9). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'de';
  const comma = header.indexOf(',');
  const first = (comma < 0 ? header : header.slice(0, comma)).trim();
  // The common case (the web sends one language): the first entry, unweighted, so ranked highest.
  const code = first.slice(0, 2).toLowerCase();
  if (isShipped(code) && !first.includes(';')) return code;
  // Otherwise the shipped language the client weighs highest (`q`; 0 is "not acceptable").
  let best: Language = 'de';
  let bestQ = 0;
  for (const entry of header.split(',')) {
    const [tag = '', ...params] = entry.split(';');
    const lang = tag.trim().slice(0, 2).toLowerCase();
    if (!isShipped(lang)) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = weight ? Number(weight.slice(2)) : 1;
    if (Number.isFinite(q) && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best;
}

const isShipped = (code: string): code is Language => code === 'de' || code === 'en' || code === 'es';
