import type { Faq, Layout } from './types.ts';
import { Document } from './Document.tsx';

export interface ContactPageProps {
  layout: Layout;
  contact: {
    email: string;
    whatsapp: string;
    address: string;
    hours: { days: string; time: string }[];
  };
  faq: Faq[];
}

/**
 * /kontak/: the form (the client script logs it; nothing is sent), contact details,
 * opening hours and the FAQ.
 */
export function ContactPage({ layout, contact, faq }: ContactPageProps) {
  return (
    <Document layout={layout}>
      <section className="page-head">
        <div className="container">
          <h1>Hubungi Kami</h1>
          <p className="lead">
            Punya pertanyaan, masukan, atau usulan topik artikel? Tulis pesan kepada tim redaksi
            kami.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container contact-layout">
          <form
            className="card contact-form"
            data-contact-form=""
            aria-labelledby="contact-form-title"
          >
            <h2 id="contact-form-title">Kirim Pesan</h2>
            <p className="field">
              <label htmlFor="contact-name">Nama Lengkap</label>
              <input id="contact-name" name="name" type="text" autoComplete="name" required />
            </p>
            <p className="field">
              <label htmlFor="contact-email">Email</label>
              <input id="contact-email" name="email" type="email" autoComplete="email" required />
            </p>
            <p className="field">
              <label htmlFor="contact-subject">Subjek</label>
              <input id="contact-subject" name="subject" type="text" required />
            </p>
            <p className="field">
              <label htmlFor="contact-message">Pesan</label>
              <textarea id="contact-message" name="message" rows={6} required></textarea>
            </p>
            <p>
              <button type="submit" className="button button-primary">
                Kirim Pesan
              </button>
            </p>
          </form>
          <div className="contact-info">
            <section className="card" aria-labelledby="contact-info-title">
              <h2 id="contact-info-title">Informasi Kontak</h2>
              <dl className="info-list">
                <dt>Email</dt>
                <dd>{contact.email}</dd>
                <dt>WhatsApp</dt>
                <dd>{contact.whatsapp}</dd>
                <dt>Alamat</dt>
                <dd>{contact.address}</dd>
              </dl>
            </section>
            <section className="card" aria-labelledby="hours-title">
              <h2 id="hours-title">Jam Operasional</h2>
              <dl className="info-list">
                {contact.hours.map((row) => (
                  <div key={row.days}>
                    <dt>{row.days}</dt>
                    <dd>{row.time}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="faq-title">
        <div className="container container-narrow">
          <h2 id="faq-title">Pertanyaan yang Sering Diajukan</h2>
          {faq.map((item) => (
            <div className="faq-item" key={item.question}>
              <h3>{item.question}</h3>
              <p>{item.answer}</p>
            </div>
          ))}
        </div>
      </section>
    </Document>
  );
}
