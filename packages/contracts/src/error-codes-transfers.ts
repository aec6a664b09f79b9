/**
 * The error codes of what moves in and out in bulk: images and image jobs, imports (the file, its
 * header and its rows), synonym files, feeds, webhooks and sitemaps. Part of the one catalogue in
 * `error-codes.ts`, where the templates' rules are written.
 */
export const TRANSFER_TEMPLATES = {
  // Images and uploads.
  'image.notAccepted': 'The file is not an image we accept (JPEG, PNG, WebP, AVIF or GIF)',
  'image.tooManyPixels': 'The image is too large: at most {max:n} megapixels',
  'image.unreadable': 'The image could not be read: it may be damaged',
  'image.notFound': 'Image not found',
  'image.tooLarge': 'The image is too large: at most {size} MB',
  'image.sendOne': 'Send one image in a field named file, and nothing else',
  'image.sendAsFile': 'Send the image as multipart/form-data in a field named file',
  'imageJob.sendAsFiles': 'Send the images or ZIP archives as multipart/form-data in fields named file',
  'imageJob.tooLarge': 'The upload is too large: at most {size} GB per file',
  'imageJob.tooManyFiles': 'Too many files in one upload: put them in a ZIP archive',
  'imageJob.archiveProblem': '{problem}',
  'imageJob.busy': 'Images are already being imported for this family; wait for that job to finish',
  'imageJob.running': 'The job is still running; undo it once it has finished',
  'imageJob.undone': 'This image job was undone already',
  'imageJob.nothing': 'This job changed no product: nothing to undo',
  'imageJob.changedSince': 'Product images changed or deleted since the job: {count:n}; put them back first',
  'imageJob.slotChanged': '{slot} changed since',
  'imageJob.notFound': 'Image job not found',

  // Imports: the uploaded file, its header and its rows.
  'import.fileTooLarge': 'The file is larger than {size:n} MB',
  'import.atMostBytes': 'must be at most {max:n} bytes',
  'import.sendFile': 'Send the CSV or XLSX file as multipart/form-data in the field "file"',
  'import.sendOneFile': 'Send one file, in the field "file", and nothing else',
  'import.noFile': 'No file was sent in the field "file"',
  'import.wrongField': 'The file must be sent in the field "file", not "{field}"',
  'import.empty': 'The file is empty',
  'import.binary': 'The file is not a CSV file (it holds binary data); export the sheet as CSV UTF-8',
  'import.notCsv': 'is not a CSV file',
  'import.notUtf8': 'The file is not UTF-8 text; save it as "CSV UTF-8"',
  'import.notUtf8Text': 'is not UTF-8 text',
  'import.malformedCsv': 'The file is not valid CSV near line {line:n}: {reason}',
  'import.invalidCsv': 'is not valid CSV',
  'import.tooManyCells': 'Line {line:n} has {cells:n} cells; a catalogue CSV has at most {max:n}',
  'import.moreCells': 'has more than {max:n} cells',
  'import.tooWide':
    'Row {row:n} has a value in column {column:n} or further; a catalogue sheet has at most {max:n} columns',
  'import.moreColumns': 'has more than {max:n} columns',
  'import.tooManyRows':
    'The file has more than {max:n} rows, more than an import takes; split it into smaller files',
  'import.moreRows': 'has more than {max:n} rows',
  'import.damagedWorkbook': 'The file is not a readable Excel workbook (.xlsx): it is damaged or incomplete',
  'import.unreadableWorkbook': 'is not a readable workbook',
  'import.notWorkbook':
    'The file is a ZIP archive but not an Excel workbook (.xlsx); upload a .xlsx or .csv file',
  'import.notExcel': 'is not an Excel workbook',
  'import.unpacksTooLarge': 'The workbook holds too much data once unpacked; split it into smaller files',
  'import.unpacksTo': 'unpacks to more than {max:n} bytes',
  'import.longValue': 'The workbook holds a value longer than a spreadsheet cell can hold',
  'import.untaggedRun': 'has more than {max:n} characters without a tag',
  'import.tooManyTexts':
    'The workbook holds more texts than an import takes (at most {count:n} different texts of {characters:n} characters in all); split it into smaller files',
  'import.sharedStrings': 'holds more than {count:n} shared strings or {characters:n} characters of them',
  'import.tooMuchText':
    "The sheet's cells hold more than {max:n} characters of text, more than an import takes; split it into smaller files",
  'import.cellText': 'holds more than {max:n} characters of cell text',
  'import.columnTwice': 'Column {column} appears twice in the header',
  'import.appearsTwice': 'appears twice',
  'import.columnTwoNames':
    'Columns {column} and {oldName} are one column under its new and former name: keep only one of them',
  'import.alsoFormerName': 'appears under its former name {oldName} too',
  'import.notCatalogue':
    'The file is not a catalogue CSV: line 1 should be a header naming the columns ({columns})',
  'import.noExpectedColumns': 'has none of the expected columns',
  'import.missingColumns': 'Missing required columns: {columns}',
  'import.missingColumn': 'Missing required column: {columns}',
  'import.unknownAttributeColumn': 'Unknown attribute column "{column}": {problem}',
  'import.attributeColumn': 'Column "{column}": {problem}',
  'import.otherLanguageMissing':
    'Column "{column}" is missing: a text attribute\'s two languages come together',
  'import.slotsBusy': '{limit:n} imports or previews are already running; try again in a few seconds',
  'import.interrupted': 'The import was interrupted; send the file again',
  'import.undoneAlready': 'This import was undone already',
  'import.failedRun': 'This feed run failed and imported nothing: there is nothing to undo',
  'import.changedSince':
    'Rows changed since the import: {count:n}; undo with skipConflicts=true to leave them as they are',
  // The answer says `1 row problem` in the singular; the code and count are the same.
  'import.rowProblems': '{count:n} row problems; nothing was imported',
  'import.extraCellsCsv': 'has more cells than the header (an unquoted comma?)',
  'import.extraCellsXlsx': 'has more cells than the header (a value right of the last named column)',
  'import.notStoredImage': 'is not the name of a stored image',
  // Two rows for one product with different values; `import.sameKey` is how reports saved earlier wrote it.
  'import.sameKey': 'has the same {what} {value} as {lines} with different values: keep one row per product',
  'import.sameKeyLine':
    'has the same {what} {value} as line {line:n} with different values: keep one row per product',
  'import.sameKeyLines':
    'has the same {what} {value} as lines {lines} with different values: keep one row per product',
  'import.sameKeyMore':
    'has the same {what} {value} as lines {lines} and {more:n} more with different values: keep one row per product',
  'import.spreadsheetError': 'holds the spreadsheet error {error}',
  'import.longNumber':
    'is a number with more than {max:n} digits, which the spreadsheet rounded: format the column as text and type it again',
  'import.formulaNoResult':
    'is a formula without a saved result: open the file in a spreadsheet and save it again',
  'import.formulaError': 'is a formula whose result is the error {error}',
  // Image cells: a stored image's name, or an https address the import downloads.
  'import.imageOrAddress': 'must be the name of a stored image or an https address',
  'import.imageAnswered': 'could not be downloaded: the address answered HTTP {status:n}',
  'import.imageSlow': 'could not be downloaded: the address took too long to answer',
  'import.imageRefused': 'could not be downloaded: the address {reason}',
  'import.imageFailed': 'could not be downloaded ({code})',
  'import.imageNotDownloaded': 'could not be downloaded',
  'import.imageLarger': 'is an image larger than {size}',
  'import.imageNotAccepted': 'is not an image we accept (JPEG, PNG, WebP, AVIF or GIF)',
  'import.imageNotAcceptedBecause': 'is not an image we accept: {reason}',

  // Import warnings: what an import takes anyway, and how it takes it.
  'importWarning.columnNotUsed': 'Column {column} is not used when uploading {what}; it was ignored',
  'importWarning.unknownColumn': 'Unknown column "{column}" was ignored',
  'importWarning.duplicateBarcode':
    'The product with barcode {barcode} appears on more than one line; the last one is used',
  'importWarning.duplicateProduct':
    'The product "{name}" appears on more than one line; the last one is used',
  'importWarning.duplicateCategory':
    'The category "{name}" appears on more than one line; the last one is used',
  'importWarning.familyNames':
    'The company "{name}" has different Arabic names in the file ({names}); the last one, "{last}", is used',
  'importWarning.familyRenamed':
    'The company "{name}" is named "{last}" in Arabic in the file but "{stored}" in the catalogue; importing renames it',
  'importWarning.gtinCheckDigit':
    'The barcode {barcode} is not a valid GTIN: the check digit should be {expected:n} ({kind})',
  'importWarning.gtinFormat':
    'The barcode {barcode} is not a valid GTIN: is not a GTIN: GTINs have 8, 12, 13 or 14 digits',

  // Synonyms, feeds, webhooks, sitemaps.
  'synonym.wordTaken': '"{word}" is already in another synonym group of this family',
  'synonym.wordInFamily': '"{word}" is already in a synonym group of this family',
  'synonym.alsoOnLine': '"{word}" is also on line {line:n}',
  'synonym.header': 'must be the header "{header}"',
  'synonym.headerHint': 'must be the header "{header}" (then one group a line, one word a cell)',
  'synonym.tooManyLines': 'is past the {max:n} groups one file may hold',
  'synonym.fileProblems': 'Problems in the file: {count:n}; nothing was imported',
  'synonym.twoWords': 'needs at least two different words',
  'synonym.singleWord': 'must be a single word',
  'synonym.letterOrDigit': 'must contain a letter or a digit',
  'synonym.wordList': 'must be a list of words',
  'feed.fiveFields':
    'must have five fields (minute hour day-of-month month day-of-week), such as "0 3 * * *"; it has {count:n}',
  'feed.badCron': 'is not a valid cron expression ({reason})',
  'feed.neverRuns': 'never runs: no date matches it',
  'feed.timeZone': 'must be a time zone such as Asia/Riyadh or UTC',
  'feed.running': 'This feed is running already',
  // What a feed's run says (its last run, and a failed run in the list of imports).
  'feed.unchanged': 'The file has not changed since the last import',
  'feed.imported':
    'Rows read: {rows:n}; categories: {categoriesCreated:n} created, {categoriesUpdated:n} updated; products: {productsCreated:n} created, {productsUpdated:n} updated',
  'feed.importedLeftOut':
    'Rows read: {rows:n}; categories: {categoriesCreated:n} created, {categoriesUpdated:n} updated; products: {productsCreated:n} created, {productsUpdated:n} updated; row problems left out: {problems:n}',
  'feed.rejected': 'Row problems: {count:n}; nothing was imported',
  'feed.httpStatus': 'The address answered HTTP {status:n} instead of the file',
  'feed.stopped': 'The download was stopped or took too long',
  'webhook.address': 'must be an address such as https://erp.example/hook',
  'webhook.https': 'must be an https address',
  'webhook.credentials': 'must not carry a user name or password',
  'webhook.private': 'must not point at a private or local address ({host})',
  'webhook.resolvesPrivate': '{host} resolves to a private or local address ({address})',
  'webhook.unresolved': '{host} does not resolve',
  'webhook.oneEvent': 'must name at least one event type',
  'webhook.eventList': 'must be a list of event types',
  'webhook.messageId': 'must be a message id such as msg_...',
  // What a delivery attempt or a subscription's turning off records (shown in the deliveries' log).
  'webhook.answered': 'The receiver answered {code:n}',
  'webhook.noAnswerWithin': 'No answer within {seconds:n} s',
  'webhook.requestFailed': 'The request failed',
  'webhook.turnedOffBy': 'Turned off by {name}',
  'webhook.failedDay': 'Deliveries failed for 24 hours (last: {error}); turned off',
  'sitemap.notFound': 'There is no sitemap {file}',
} as const satisfies Record<string, string>;
