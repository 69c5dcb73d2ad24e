-- A board record's cells stay uncompressed in the row up to 8 KB (docs/decisions/0006). Every
-- operator that reads a cell (a filter, a sort or group key, one call each) decompressed the whole
-- properties object again: about 2.5 µs a call for 20 properties, five calls a row on a page
-- along a view's index. Rows under this target are neither compressed nor moved to the TOAST
-- table; larger ones are, as before. Applies to rows written from now on.
ALTER TABLE board_records SET (toast_tuple_target = 8160);
