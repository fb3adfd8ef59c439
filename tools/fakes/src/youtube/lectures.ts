// Original sample lectures written for Lectern's offline demo and tests. Each line is one manual caption;
// timings and the auto-generated (lower-case, unpunctuated) tracks are derived from them in captions.ts.

export interface Lecture {
  id: string;
  title: string;
  channel: string;
  subject: string;
  /** Two colours for the generated thumbnail. */
  colours: [string, string];
  lines: string[];
}

export const PHOTOSYNTHESIS: Lecture = {
  id: 'phtsynth101',
  title: 'How Photosynthesis Works: Light, Water and Sugar',
  channel: 'Greenhouse Biology',
  subject: 'Biology',
  colours: ['#166534', '#84cc16'],
  lines: [
    "Welcome back. Today we're going to follow a single photon from the sun into a leaf.",
    'Photosynthesis is how plants, algae and some bacteria turn light into chemical energy.',
    'The overall equation looks simple: carbon dioxide plus water, with light, gives glucose and oxygen.',
    'But that summary hides two very different stages, and they happen in different places.',
    'Both stages take place inside the chloroplast, a small green organelle in the leaf cells.',
    'Inside the chloroplast there are stacks of flattened discs called thylakoids.',
    'The fluid that surrounds those stacks is called the stroma. Keep those two words in mind.',
    'Stage one is the light-dependent reactions, and they happen in the thylakoid membranes.',
    'Chlorophyll absorbs mostly red and blue light, which is why leaves look green to us.',
    'When chlorophyll absorbs light, one of its electrons is pushed to a higher energy level.',
    'That excited electron is passed along a chain of proteins, the electron transport chain.',
    'To replace the lost electron, the plant splits water molecules.',
    "Splitting water releases oxygen as a by-product. That's the oxygen we breathe.",
    'As electrons move down the chain, hydrogen ions are pumped into the thylakoid space.',
    'Those ions flow back out through an enzyme called ATP synthase, which makes ATP.',
    'At the end of the chain, the electrons are loaded onto a carrier molecule called NADPH.',
    'So stage one turns light into two kinds of short-term energy: ATP and NADPH.',
    'Stage two is the Calvin cycle, and it happens in the stroma.',
    "It's sometimes called the light-independent reactions, but it still needs the products of stage one.",
    'An enzyme called RuBisCO fixes carbon dioxide from the air onto a five-carbon sugar.',
    'RuBisCO is probably the most abundant protein on Earth, and it is surprisingly slow.',
    'Using ATP and NADPH, the cycle builds three-carbon sugars from the fixed carbon.',
    'Some of those sugars leave the cycle and become glucose, sucrose or starch.',
    'The rest are recycled so the cycle can keep fixing more carbon dioxide.',
    "Here's a useful way to remember it: stage one charges the batteries, stage two spends them.",
    'On a hot, dry day, plants close their pores to save water, and carbon dioxide runs low.',
    'That is why some plants, like maize, evolved extra steps to concentrate carbon dioxide.',
    'For next time, try to explain in your own words why a plant in the dark stops making sugar.',
  ],
};

// Only the opening of the lecture was translated: enough for a second caption track.
export const PHOTOSYNTHESIS_SPANISH: string[] = [
  'Bienvenidos de nuevo. Hoy vamos a seguir un fotón desde el sol hasta una hoja.',
  'La fotosíntesis es la forma en que las plantas convierten la luz en energía química.',
  'La ecuación general parece sencilla: dióxido de carbono y agua, con luz, dan glucosa y oxígeno.',
  'Pero ese resumen esconde dos etapas muy distintas, que ocurren en lugares diferentes.',
  'Las dos etapas ocurren dentro del cloroplasto, un pequeño orgánulo verde.',
  'La primera etapa convierte la luz en ATP y NADPH; la segunda, el ciclo de Calvin, los gasta.',
  'Para la próxima clase, expliquen por qué una planta a oscuras deja de producir azúcar.',
];

export const PHOTOSYNTHESIS_FRENCH: string[] = [
  "Bon retour parmi nous. Aujourd'hui, nous suivons un photon du soleil jusqu'à une feuille.",
  'La photosynthèse est la façon dont les plantes transforment la lumière en énergie chimique.',
  "L'équation générale semble simple : dioxyde de carbone et eau, avec la lumière, donnent glucose et oxygène.",
  'Mais ce résumé cache deux étapes très différentes, qui se déroulent à des endroits différents.',
  'Les deux étapes ont lieu dans le chloroplaste, un petit organite vert des cellules de la feuille.',
  'La première étape transforme la lumière en ATP et en NADPH ; la seconde, le cycle de Calvin, les dépense.',
  "Pour la prochaine séance, expliquez pourquoi une plante dans l'obscurité cesse de produire du sucre.",
];

export const PRINTING_PRESS: Lecture = {
  id: 'printpress1',
  title: 'The Printing Press & the Spread of Ideas',
  channel: 'Ledger & Quill History',
  subject: 'History',
  colours: ['#7c2d12', '#f59e0b'],
  lines: [
    "Let's start with a question: what did a book cost before the printing press?",
    'In fifteenth-century Europe, most books were copied by hand, often in monasteries.',
    'A single copy of a long text could take a scribe many months to finish.',
    'Around 1450, in Mainz, Johannes Gutenberg combined several existing ideas into one system.',
    'The key was movable metal type: individual letters cast in a hard, durable alloy.',
    'He also adapted the screw press, which was already used for pressing grapes & olives.',
    'And he developed an oil-based ink that stuck to metal far better than water-based inks.',
    'The famous Gutenberg Bible appeared in the mid-1450s, in roughly 180 copies.',
    'Historians often quote the phrase "the printing revolution", and the numbers support it.',
    'By 1500, presses in more than two hundred European towns had produced millions of books.',
    "Prices fell, and reading was no longer only the clergy's and the nobility's business.",
    'Printers standardised spelling and layout, because consistency made their work faster.',
    'Scholars could now compare identical copies, cite page numbers, and correct errors in new editions.',
    'That matters for science: a result printed in Venice could be checked in London.',
    'Printing also spread pamphlets, the short, cheap, argumentative texts of the day.',
    'During the Reformation, pamphlets carried religious arguments across borders in weeks.',
    'Authorities noticed. Censors published lists of banned books, and licences for printers.',
    'It is tempting to say the press "caused" the modern world. Be careful with that claim.',
    'Literacy rose slowly, and for a long time most people heard texts read aloud rather than reading them.',
    'A better way to put it: the press lowered the cost of copying, and ideas moved faster & further.',
    'Compare that with the arrival of the internet, which lowered the cost of copying to almost zero.',
    'In both cases, the old gatekeepers lost some control, and new ones appeared.',
    'For your essay, choose one <em>specific</em> town and trace what its printers published.',
    "Don't forget to cite your sources; that habit is itself a gift of print culture.",
  ],
};

export const DERIVATIVES: Lecture = {
  id: 'derivative1',
  title: 'Derivatives, Intuitively: Slopes, Speed and Change',
  channel: 'Chalk & Talk Mathematics',
  subject: 'Mathematics',
  colours: ['#1e3a8a', '#38bdf8'],
  lines: [
    "Okay, so today we're talking about derivatives, and I want to start with a car.",
    'Imagine you drive one hundred kilometres in two hours. Your average speed is fifty kilometres an hour.',
    'But your speedometer never showed a steady fifty. It went up and down the whole time.',
    'The speedometer shows an instantaneous speed. How can speed exist at a single instant?',
    'That question is exactly what the derivative answers.',
    'Take a function f of x. The average rate of change between two points is a slope.',
    'It is the change in f divided by the change in x: rise over run.',
    'Now slide the second point closer and closer to the first one.',
    'The secant line through the two points turns into the tangent line at one point.',
    'The slope of that tangent line is the derivative of f at that point.',
    'We write it as f prime of x, or as d f over d x.',
    'Let us try x squared. The slope between x and x plus h is two x plus h.',
    'As h shrinks to zero, that becomes two x. So the derivative of x squared is two x.',
    'At x equals three, the curve is climbing with slope six.',
    'At x equals zero, the slope is zero: the bottom of the parabola is flat.',
    'That is a general idea. Where a smooth function has a peak or a valley, its derivative is zero.',
    'This is why derivatives are so useful for optimisation problems.',
    'If you want the cheapest design or the largest area, you look for where the derivative vanishes.',
    'Back to the car: position is a function of time, and its derivative is velocity.',
    'The derivative of velocity is acceleration. Derivatives stack on top of each other.',
    'Next lecture we will learn rules that let us differentiate without taking limits every time.',
    'Before then, try the derivative of x cubed by hand, using the same sliding-point idea.',
  ],
};

export const SUPPLY_AND_DEMAND: Lecture = {
  id: 'supplydmnd1',
  title: 'Supply and Demand in Ten Minutes',
  channel: 'Open Market Economics',
  subject: 'Economics',
  colours: ['#581c87', '#f472b6'],
  lines: [
    'Every market has two sides: the people who want to buy and the people who want to sell.',
    'The demand curve shows how much buyers want at each price.',
    'It usually slopes downward: when coffee gets cheaper, people drink more of it.',
    'The supply curve shows how much sellers will offer at each price.',
    'It usually slopes upward: a higher price makes it worth producing more.',
    'Where the two curves cross, we find the equilibrium price and quantity.',
    'At that price, the amount buyers want equals the amount sellers offer.',
    'Suppose the price is above equilibrium. Sellers are left with unsold stock: a surplus.',
    'To clear the surplus, they cut prices, and the market moves back toward equilibrium.',
    'If the price is below equilibrium, buyers compete for scarce goods: a shortage.',
    'Queues form, prices rise, and again the market drifts toward the crossing point.',
    'Now the important distinction: a movement along a curve versus a shift of the curve.',
    "A change in the good's own price moves us along the curve.",
    'A change in anything else, like income, tastes or the price of tea, shifts the whole curve.',
    'Say a study shows coffee is good for your health. Demand shifts to the right.',
    'The result is a higher equilibrium price and a larger quantity sold.',
    'Now say frost destroys part of the harvest in a big producing country. Supply shifts left.',
    'The price rises again, but this time the quantity sold falls.',
    'Economists use the word elasticity for how strongly quantity reacts to price.',
    'Salt has very inelastic demand: even if it doubles in price, you buy about the same amount.',
    'Restaurant meals are more elastic: when prices rise, many people cook at home instead.',
    'Governments sometimes set a price ceiling, such as a cap on rents.',
    'If the ceiling is below equilibrium, the model predicts a persistent shortage.',
    'Real markets are messier than two straight lines, but this model is the starting point.',
    'For practice, draw what happens to the market for umbrellas during an unusually rainy month.',
  ],
};

export const HASH_TABLES: Lecture = {
  id: 'hashtables1',
  title: 'Hash Tables from Scratch',
  channel: 'Byte-Sized Computer Science',
  subject: 'Computer Science',
  colours: ['#0f172a', '#14b8a6'],
  lines: [
    'Hi everyone. Today we build a hash table from nothing but an array.',
    'The problem: we want to store key-value pairs and look up any key quickly.',
    'With a plain list, finding a key means checking every entry. That is linear time.',
    'A hash table aims for constant time on average, no matter how many entries there are.',
    'The trick is a hash function, which turns a key into a number.',
    'We take that number modulo the array length, and that gives us a bucket index.',
    'To insert, we hash the key and put the pair in that bucket.',
    'To look up, we hash the key again and go straight to the same bucket.',
    'But two different keys can land in the same bucket. That is called a collision.',
    'Collisions are not a bug. With more keys than buckets, they are guaranteed.',
    'One fix is chaining: each bucket holds a small list of pairs.',
    'Another fix is open addressing: on a collision, we probe the next free slot.',
    'Either way, performance depends on the load factor: entries divided by buckets.',
    'When the load factor passes a threshold, say three quarters, we resize.',
    'Resizing means allocating a bigger array and re-inserting every pair.',
    'That single step is slow, but it happens rarely, so the average cost stays constant.',
    'A good hash function spreads keys evenly and is fast to compute.',
    'A bad one, like "the length of the string", piles most keys into a few buckets.',
    'Keys must not change while they are in the table, or we will look in the wrong bucket.',
    'That is why many languages only allow immutable values as dictionary keys.',
    'Hash tables are everywhere: caches, database indexes, compilers, and sets.',
    'Your exercise: implement chaining, then measure lookups as the load factor grows.',
  ],
};

export const LECTURES: readonly Lecture[] = [
  PHOTOSYNTHESIS,
  PRINTING_PRESS,
  DERIVATIVES,
  SUPPLY_AND_DEMAND,
  HASH_TABLES,
];
