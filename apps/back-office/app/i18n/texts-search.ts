/** The texts of the search's synonyms page (issue 29); merged deep into texts.ts's like the other pages' texts. */
const en = {
  synonyms: {
    nav: 'Search synonyms',
    title: 'Search synonyms',
    help: 'Words that find the same products, in one language: a shopper who types one of them finds the products named with any other. Changes work at once. A synonym is never shown as a correction.',
    language: 'Language',
    languages: { en: 'English', fr: 'French', it: 'Italian', es: 'Spanish', de: 'German', pl: 'Polish (read on the English shop)' },
    show: 'Show',
    yours: 'Your groups',
    none: 'No group of yours in this language yet.',
    phrases: 'Words, separated by commas',
    phrasesHelp: 'Two at least, e.g. jeans, denim, vaqueros.',
    groupLabel: 'Group {{number}}',
    add: 'Add the group',
    newGroup: 'New group',
    save: 'Save',
    delete: 'Delete',
    fromFile: 'Groups of the shop’s vocabulary file ({{count}})',
    fromFileHelp: 'These come with the shop and change with a new release; yours are added to them.',
    invalid: 'Give two different words at least, each up to 60 characters.',
    done: { created: 'The group is added.', updated: 'The group is saved.', deleted: 'The group is deleted.' },
  },
};

type SearchTexts = typeof en;

const it: SearchTexts = {
  synonyms: {
    nav: 'Sinonimi di ricerca',
    title: 'Sinonimi di ricerca',
    help: 'Parole che trovano gli stessi prodotti, in una lingua: chi ne digita una trova i prodotti che portano il nome di un’altra. Le modifiche valgono subito. Un sinonimo non appare mai come correzione.',
    language: 'Lingua',
    languages: { en: 'Inglese', fr: 'Francese', it: 'Italiano', es: 'Spagnolo', de: 'Tedesco', pl: 'Polacco (letto sul negozio inglese)' },
    show: 'Mostra',
    yours: 'I tuoi gruppi',
    none: 'Ancora nessun tuo gruppo in questa lingua.',
    phrases: 'Parole, separate da virgole',
    phrasesHelp: 'Almeno due, per esempio jeans, denim, vaqueros.',
    groupLabel: 'Gruppo {{number}}',
    add: 'Aggiungi il gruppo',
    newGroup: 'Nuovo gruppo',
    save: 'Salva',
    delete: 'Elimina',
    fromFile: 'Gruppi del vocabolario del negozio ({{count}})',
    fromFileHelp: 'Arrivano con il negozio e cambiano con una nuova versione; i tuoi si aggiungono a questi.',
    invalid: 'Indica almeno due parole diverse, ciascuna di 60 caratteri al massimo.',
    done: { created: 'Il gruppo è aggiunto.', updated: 'Il gruppo è salvato.', deleted: 'Il gruppo è eliminato.' },
  },
};

const fr: SearchTexts = {
  synonyms: {
    nav: 'Synonymes de recherche',
    title: 'Synonymes de recherche',
    help: 'Des mots qui trouvent les mêmes produits, dans une langue : qui tape l’un d’eux trouve les produits nommés par un autre. Les changements valent tout de suite. Un synonyme n’est jamais montré comme une correction.',
    language: 'Langue',
    languages: { en: 'Anglais', fr: 'Français', it: 'Italien', es: 'Espagnol', de: 'Allemand', pl: 'Polonais (lu sur la boutique anglaise)' },
    show: 'Afficher',
    yours: 'Vos groupes',
    none: 'Aucun groupe de votre part dans cette langue pour l’instant.',
    phrases: 'Mots, séparés par des virgules',
    phrasesHelp: 'Deux au moins, par exemple jean, denim, vaqueros.',
    groupLabel: 'Groupe {{number}}',
    add: 'Ajouter le groupe',
    newGroup: 'Nouveau groupe',
    save: 'Enregistrer',
    delete: 'Supprimer',
    fromFile: 'Groupes du vocabulaire de la boutique ({{count}})',
    fromFileHelp: 'Ils viennent avec la boutique et changent avec une nouvelle version ; les vôtres s’y ajoutent.',
    invalid: 'Indiquez au moins deux mots différents, de 60 caractères au plus chacun.',
    done: { created: 'Le groupe est ajouté.', updated: 'Le groupe est enregistré.', deleted: 'Le groupe est supprimé.' },
  },
};

const es: SearchTexts = {
  synonyms: {
    nav: 'Sinónimos de búsqueda',
    title: 'Sinónimos de búsqueda',
    help: 'Palabras que encuentran los mismos productos, en un idioma: quien escribe una encuentra los productos que llevan el nombre de otra. Los cambios valen al momento. Un sinónimo nunca se muestra como corrección.',
    language: 'Idioma',
    languages: { en: 'Inglés', fr: 'Francés', it: 'Italiano', es: 'Español', de: 'Alemán', pl: 'Polaco (se lee en la tienda inglesa)' },
    show: 'Mostrar',
    yours: 'Tus grupos',
    none: 'Aún no tienes ningún grupo en este idioma.',
    phrases: 'Palabras, separadas por comas',
    phrasesHelp: 'Dos como mínimo, por ejemplo vaqueros, jeans, denim.',
    groupLabel: 'Grupo {{number}}',
    add: 'Añadir el grupo',
    newGroup: 'Nuevo grupo',
    save: 'Guardar',
    delete: 'Eliminar',
    fromFile: 'Grupos del vocabulario de la tienda ({{count}})',
    fromFileHelp: 'Vienen con la tienda y cambian con una nueva versión; los tuyos se suman a ellos.',
    invalid: 'Escribe al menos dos palabras distintas, de 60 caracteres como máximo cada una.',
    done: { created: 'El grupo se ha añadido.', updated: 'El grupo se ha guardado.', deleted: 'El grupo se ha eliminado.' },
  },
};

const de: SearchTexts = {
  synonyms: {
    nav: 'Suchsynonyme',
    title: 'Suchsynonyme',
    help: 'Wörter, die dieselben Artikel finden, in einer Sprache: Wer eines davon eingibt, findet die Artikel, die ein anderes im Namen tragen. Änderungen gelten sofort. Ein Synonym wird nie als Korrektur angezeigt.',
    language: 'Sprache',
    languages: { en: 'Englisch', fr: 'Französisch', it: 'Italienisch', es: 'Spanisch', de: 'Deutsch', pl: 'Polnisch (im englischen Shop gelesen)' },
    show: 'Anzeigen',
    yours: 'Ihre Gruppen',
    none: 'Noch keine eigene Gruppe in dieser Sprache.',
    phrases: 'Wörter, durch Kommas getrennt',
    phrasesHelp: 'Mindestens zwei, z. B. Jeans, Denim, Vaqueros.',
    groupLabel: 'Gruppe {{number}}',
    add: 'Gruppe hinzufügen',
    newGroup: 'Neue Gruppe',
    save: 'Speichern',
    delete: 'Löschen',
    fromFile: 'Gruppen des Shop-Vokabulars ({{count}})',
    fromFileHelp: 'Sie kommen mit dem Shop und ändern sich mit einer neuen Version; Ihre Gruppen kommen hinzu.',
    invalid: 'Geben Sie mindestens zwei verschiedene Wörter mit je höchstens 60 Zeichen an.',
    done: { created: 'Die Gruppe ist hinzugefügt.', updated: 'Die Gruppe ist gespeichert.', deleted: 'Die Gruppe ist gelöscht.' },
  },
};

const pl: SearchTexts = {
  synonyms: {
    nav: 'Synonimy wyszukiwania',
    title: 'Synonimy wyszukiwania',
    help: 'Słowa, które znajdują te same produkty, w jednym języku: kto wpisze jedno z nich, znajdzie produkty nazwane innym. Zmiany działają od razu. Synonim nigdy nie jest pokazywany jako poprawka.',
    language: 'Język',
    languages: { en: 'Angielski', fr: 'Francuski', it: 'Włoski', es: 'Hiszpański', de: 'Niemiecki', pl: 'Polski (czytany w sklepie angielskim)' },
    show: 'Pokaż',
    yours: 'Twoje grupy',
    none: 'Nie masz jeszcze żadnej grupy w tym języku.',
    phrases: 'Słowa oddzielone przecinkami',
    phrasesHelp: 'Co najmniej dwa, np. dżinsy, jeansy, denim.',
    groupLabel: 'Grupa {{number}}',
    add: 'Dodaj grupę',
    newGroup: 'Nowa grupa',
    save: 'Zapisz',
    delete: 'Usuń',
    fromFile: 'Grupy ze słownika sklepu ({{count}})',
    fromFileHelp: 'Przychodzą ze sklepem i zmieniają się z nową wersją; Twoje są do nich dodawane.',
    invalid: 'Podaj co najmniej dwa różne słowa, każde do 60 znaków.',
    done: { created: 'Grupa została dodana.', updated: 'Grupa została zapisana.', deleted: 'Grupa została usunięta.' },
  },
};

/** Every language here, each checked against English's keys by its type. */
export const SEARCH_TEXTS = { en, it, fr, es, de, pl };
