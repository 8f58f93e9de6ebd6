// Name parts by nationality, to give the fictional riders believable names.
export const namesByCountry: Record<string, { first: string[]; last: string[] }> = {
  ES: {
    first: ["Álex", "Jorge", "Pedro", "Raúl", "Izan", "Dani", "Marcos", "Sergio"],
    last: ["Navarro", "Ortega", "Serrano", "Campos", "Vidal", "Moreno", "Rubio", "Herrera"],
  },
  IT: {
    first: ["Luca", "Marco", "Andrea", "Matteo", "Lorenzo", "Nicolò", "Fabio", "Stefano"],
    last: ["Rinaldi", "Ferri", "Colombo", "Galli", "Moretti", "Bruno", "Conti", "Marchetti"],
  },
  FR: {
    first: ["Théo", "Hugo", "Lucas", "Jules", "Maxime"],
    last: ["Lefèvre", "Garnier", "Rousseau", "Bonnet", "Girard"],
  },
  PT: { first: ["Miguel", "Tiago", "Rui"], last: ["Santos", "Ferreira", "Carvalho"] },
  GB: { first: ["Jake", "Sam", "Harry", "Oliver"], last: ["Whitmore", "Hadley", "Crossley", "Bennett"] },
  AU: { first: ["Jack", "Cody", "Mitch"], last: ["Callahan", "Dunmore", "Reilly"] },
  JP: {
    first: ["Takumi", "Ryo", "Kaito", "Haruto", "Sota"],
    last: ["Ogura", "Sasaki", "Yamanaka", "Fujii", "Kobayashi"],
  },
  ZA: { first: ["Darryn", "Brad"], last: ["van Rooyen", "Pretorius"] },
  TH: { first: ["Somkiat", "Nakarin"], last: ["Chantra", "Wongsa"] },
  ID: { first: ["Mario", "Dimas", "Rizky"], last: ["Suryo", "Pratama", "Wijaya"] },
  MY: { first: ["Hafiz", "Adam", "Azroy"], last: ["Rahman", "Norrodin", "Hakeem"] },
  DE: { first: ["Jonas", "Lukas", "Felix"], last: ["Brandt", "Keller", "Vogel"] },
  AT: { first: ["Maximilian", "Tobias"], last: ["Huber", "Gruber"] },
  US: { first: ["Cameron", "Kayden", "Joe"], last: ["Sterling", "Brooks", "Lawson"] },
  AR: { first: ["Gabriel", "Facundo"], last: ["Rodrigo", "Acosta"] },
  NL: { first: ["Bo", "Collin", "Zonta"], last: ["Bendsneyder", "Veijer", "de Vries"] },
};
