/** Filipino given names and surnames for the demo's senders, recipients and customers. */
export const GIVEN_NAMES = [
  'Maricel', 'Rodel', 'Jocelyn', 'Arnel', 'Rowena', 'Jerome', 'Kristine', 'Ramil', 'Lorna', 'Dennis', 'Cherry', 'Noel',
  'Analyn', 'Jonathan', 'Rhea', 'Mark Anthony', 'Girlie', 'Efren', 'Marites', 'Ronaldo', 'Joy', 'Edgardo', 'Liezl', 'Romeo',
  'Divina', 'Reynaldo', 'Shiela', 'Danilo', 'Grace', 'Wilfredo', 'Precious', 'Alvin', 'Mylene', 'Rogelio', 'Hazel', 'Nestor',
];
export const SURNAMES = [
  'Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada', 'Castillo', 'Flores',
  'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado', 'Domingo', 'Gutierrez', 'Manalo',
  'Pascual', 'Soriano', 'Dizon', 'Lacson', 'Macaraeg', 'Tolentino', 'Samonte', 'Panganiban', 'Magbanua', 'Dimaculangan',
];
