import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection } from '../components/info-page';

/** /prohibited-items: what Hatid never carries, and what it carries only under conditions. */
export function ProhibitedItemsPage() {
  const { t } = useLingui();
  return (
    <InfoPage
      titleId="prohibited-title"
      title={t`Prohibited and restricted items`}
      lead={
        <p>
          <Trans>
            For the safety of our riders, the people who handle your parcels and the public, and to follow Philippine law, some items cannot be shipped with
            Hatid and others only under conditions. By booking you confirm that your parcel contains none of the prohibited items below.
          </Trans>
        </p>
      }
    >
      <InfoSection id="prohibited-list-title" title={t`Prohibited items: we never accept these`}>
        <ul>
          <li>
            <Trans>
              <strong>Firearms, ammunition and explosives</strong>: guns and their parts, replicas that can be mistaken for real ones, bullets, gunpowder,
              grenades, and fireworks and firecrackers of any kind (Republic Act No. 10591 and Republic Act No. 7183).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Illegal drugs</strong>: dangerous drugs, controlled precursors and drug paraphernalia (Comprehensive Dangerous Drugs Act of 2002, Republic
              Act No. 9165).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Cash and money</strong>: banknotes and coins in any currency, bearer cheques, money orders and anything that can be cashed by whoever
              holds it. Send money through your bank or e-wallet instead.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Precious metals and stones</strong>: gold, silver and platinum bars, bullion or loose precious stones.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Flammable, corrosive, toxic and pressurised goods</strong>: gasoline, LPG and other fuels, lighter fluid, paint thinner and solvents,
              aerosol sprays, compressed gas cylinders, acids, bleach in bulk, pesticides and poisons.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Loose lithium batteries and power banks</strong>. A battery installed in a phone, laptop or other device is accepted when the device is
              switched off and well padded.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Radioactive and infectious materials</strong>, medical waste, and human or animal remains, organs or body fluids.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Live animals</strong>, and wildlife, their parts and products from protected species (Wildlife Resources Conservation and Protection Act,
              Republic Act No. 9147).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Counterfeit and pirated goods</strong>: fake branded products and illegal copies of films, music, software or books (Intellectual Property
              Code, Republic Act No. 8293).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Obscene and pornographic material</strong>, and anything that exploits children.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Stolen goods</strong> and anything else whose possession, sale or transport is against the law.
            </Trans>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="restricted-list-title" title={t`Restricted items: accepted only under conditions`}>
        <h3>
          <Trans>Perishable food</Trans>
        </h3>
        <p>
          <Trans>
            Fresh, frozen or cooked food travels at your own risk and only by Same Day or Intra-City delivery, sealed in a leak-proof container and packed so
            that nothing can spill. We do not pay claims for food that spoils on the way.
          </Trans>
        </p>
        <h3>
          <Trans>Meat, plants and farm products</Trans>
        </h3>
        <p>
          <Trans>
            Meat, live plants, seeds, soil and farm produce sent to another province may need a permit from the Bureau of Animal Industry, the National Meat
            Inspection Service or the Bureau of Plant Industry. Attach a copy to the parcel. Pork and pork products may be refused for provinces that restrict
            them during African swine fever controls.
          </Trans>
        </p>
        <h3>
          <Trans>Medicines</Trans>
        </h3>
        <p>
          <Trans>Medicines must be in their original, sealed packaging. Prescription medicines also need a copy of the prescription inside the parcel.</Trans>
        </p>
        <h3>
          <Trans>Liquids and alcohol</Trans>
        </h3>
        <p>
          <Trans>
            Liquids must be in sealed containers, wrapped and packed upright in a box with padding. Alcoholic drinks are accepted in their sealed original
            bottles, for recipients 18 years old or older.
          </Trans>
        </p>
        <h3>
          <Trans>Fragile and valuable items</Trans>
        </h3>
        <p>
          <Trans>
            Glass, ceramics, electronics and jewellery are accepted when packed to survive handling: padding on every side and nothing that moves when the box
            is shaken. Declare their real value; claims are paid up to the declared value (see the{' '}
            <Link to="/rates" className="font-medium text-teal-700 underline-offset-4 hover:underline">
              insurance rates
            </Link>
            ).
          </Trans>
        </p>
        <h3>
          <Trans>Passports and official documents</Trans>
        </h3>
        <p>
          <Trans>Passports go in our Passport pouch. Do not send original documents you cannot replace unless you have to.</Trans>
        </p>
      </InfoSection>

      <InfoSection id="found-title" title={t`If we find a prohibited item`}>
        <p>
          <Trans>
            We may refuse a parcel at pickup, hold it, or return it to the sender at the sender’s cost. As the law allows, a parcel may be inspected when there
            is reason to believe it holds a prohibited item. Anything illegal is turned over to the authorities, and the sender answers for any harm or cost it
            causes.
          </Trans>
        </p>
      </InfoSection>

      <InfoSection id="unsure-title" title={t`Not sure about an item?`}>
        <p>
          <Trans>
            Ask us before you book: open a ticket on{' '}
            <Link to={'/talk-to-us' as string} className="font-medium text-teal-700 underline-offset-4 hover:underline">
              Talk to us
            </Link>{' '}
            and we will tell you whether and how it can be sent. Read our{' '}
            <Link to="/terms-and-conditions" className="font-medium text-teal-700 underline-offset-4 hover:underline">
              terms and conditions
            </Link>{' '}
            for the rest of the rules.
          </Trans>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
