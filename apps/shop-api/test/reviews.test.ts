import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clearExpired } from '../src/jobs/housekeeping.ts';
import { selectRows } from '../src/db/raw.ts';
import { DEMO_CUSTOMER } from '../src/seed/index.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';

const REVIEW = { title: 'Great coat', content: 'Warm, well cut and true to size.', rating: 4, fit: 3, quality: 5 };

describe.each(DRIVERS)('product reviews on %s', (driver) => {
  const shop = useTestShop(driver);
  let clients = 0;
  /** Each test's shopper writes from an address of their own: review writes are limited per client. */
  const call = (name: string, payload: unknown = {}, token?: string, lang = 'en', ip = `203.0.113.${(clients % 250) + 1}`) =>
    callApi(shop().app, name, payload, { ...shopperHeaders(token, ip), 'accept-language': lang });
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  /** Products never reviewed by anyone, one per call (the tests do not share a product's ratings). */
  let taken = 0;
  async function freshProduct(): Promise<number> {
    const rows = await query<{ id: number }>(sql`select p.id from products p where p.is_active
      and not exists (select 1 from product_reviews r where r.product_id = p.id) order by p.id`);
    return rows[taken++ * 3]!.id;
  }

  /** A new customer who bought the product in an order of the given status (paid by default). */
  async function buyer(productId: number, status = 'payment_accepted') {
    clients++;
    const customer = await registerCustomer(shop().app, { first_name: 'Marie', last_name: 'curie' });
    const [order] = await query<{ id: number }>(sql`insert into orders (reference, customer_id, email, status, items_cents, shipping_cents, tax_cents,
        total_cents, country_iso, shipping_address, billing_address)
      values (${`T${Math.random().toString(36).slice(2, 12).toUpperCase()}`}, ${customer.customer.id}, ${customer.email}, ${status}, 1000, 0, 180, 1000, 'IT', '{}', '{}')
      returning id`);
    await shop().handle.db.execute(sql`insert into order_lines (order_id, product_id, product_name, quantity, unit_price_cents, total_cents)
      values (${order!.id}, ${productId}, 'A product', 1, 1000, 1000)`);
    return customer;
  }

  const reviewsOf = async (productId: number, token?: string, lang = 'en', languages = 'mine') =>
    (await call('getProductReviews', { productId, languages }, token, lang)).body.psdata;

  it('asks a visitor to sign in and refuses their review with SPEC §6’s words', async () => {
    const productId = await freshProduct();
    const list = await reviewsOf(productId);
    expect(list.reviewer).toEqual({ status: 'sign_in', own: null });
    expect(list.stats).toMatchObject({ count: 0, average: null });
    const { status, body } = await call('createProductReview', { productId, review: REVIEW });
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'review_login_required', message: 'Login to Review' });
  });

  it('refuses a customer who has not bought the product, an unpaid order included', async () => {
    const productId = await freshProduct();
    const unpaid = await buyer(productId, 'awaiting_payment');
    expect((await reviewsOf(productId, unpaid.token)).reviewer.status).toBe('purchase_required');
    const { status, body } = await call('createProductReview', { productId, review: REVIEW }, unpaid.token);
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'purchase_required', message: 'You must purchase this product before you can leave a review.' });
    expect((await reviewsOf(productId)).stats.count).toBe(0);
  });

  it('lets the demo customer review what their seeded orders hold, once', async () => {
    const login = await call('login', DEMO_CUSTOMER);
    const token = login.body.psdata.session.token as string;
    const [line] = await query<{ product_id: number }>(sql`select l.product_id from order_lines l join orders o on o.id = l.order_id
      where o.reference = 'DEMO000001' order by l.id limit 1`);
    const productId = line!.product_id;
    expect((await reviewsOf(productId, token)).reviewer.status).toBe('can_review');
    const created = await call('createProductReview', { productId, review: REVIEW }, token);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Review submitted');
    expect(created.body.psdata).toMatchObject({ author: 'Giulia R.', title: 'Great coat', rating: 4, fit: 3, quality: 5, comfort: null, lang: 'en' });
    const list = await reviewsOf(productId, token);
    expect(list.reviewer).toMatchObject({ status: 'reviewed', own: { id: created.body.psdata.id } });
    const again = await call('createProductReview', { productId, review: { ...REVIEW, title: 'Second go' } }, token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('review_exists');
    await call('deleteProductReview', { productId, reviewId: created.body.psdata.id }, token);
  });

  it.each([
    ['a title under 3 characters', { title: 'Ok' }, 'review.title'],
    ['content under 10 characters', { content: 'Too short' }, 'review.content'],
    ['no rating', { rating: undefined }, 'review.rating'],
    ['a rating of 0', { rating: 0 }, 'review.rating'],
    ['a rating of 6', { rating: 6 }, 'review.rating'],
    ['a fit of 9', { fit: 9 }, 'review.fit'],
    ['a blank title', { title: '     ' }, 'review.title'],
  ])('refuses %s with a 400 naming the field', async (_case, change, field) => {
    const productId = await freshProduct();
    const customer = await buyer(productId);
    const { status, body } = await call('createProductReview', { productId, review: { ...REVIEW, ...change } }, customer.token);
    expect(status).toBe(400);
    expect(body.message).toBe('Error submitting the review. Please try again.');
    expect(Object.keys(body.psdata.errors)).toEqual([field]);
    if (field === 'review.rating') expect(body.psdata.errors[field]).toEqual(['Please select a rating']);
    expect((await reviewsOf(productId)).stats.count).toBe(0);
  });

  it('refuses a review body of 100 KB with a 400, and keeps hostile markup as plain text', async () => {
    const productId = await freshProduct();
    const customer = await buyer(productId);
    const huge = await call('createProductReview', { productId, review: { ...REVIEW, content: 'x'.repeat(100 * 1024) } }, customer.token);
    expect(huge.status).toBe(400);
    expect(Object.keys(huge.body.psdata.errors)).toEqual(['review.content']);
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> "quotes" & \'apostrophes\'';
    const created = await call('createProductReview', { productId, review: { ...REVIEW, title: '<b>bold</b>', content: hostile } }, customer.token);
    expect(created.status).toBe(200);
    const [shown] = (await reviewsOf(productId)).reviews;
    expect(shown).toMatchObject({ title: '<b>bold</b>', content: hostile });
  });

  it('lets only the author change or delete a review (403 for anyone else, 404 for none)', async () => {
    const productId = await freshProduct();
    const author = await buyer(productId);
    const other = await buyer(productId);
    const { body } = await call('createProductReview', { productId, review: REVIEW }, author.token);
    const reviewId = body.psdata.id as number;
    const update = await call('updateProductReview', { productId, reviewId, review: { ...REVIEW, title: 'Hijacked' } }, other.token);
    expect(update.status).toBe(403);
    expect(update.body.code).toBe('review_not_yours');
    expect((await call('deleteProductReview', { productId, reviewId }, other.token)).status).toBe(403);
    expect((await call('deleteProductReview', { productId, reviewId }, undefined)).status).toBe(401);
    expect((await call('deleteProductReview', { productId, reviewId: 2_000_000_000 }, author.token)).status).toBe(404);
    // Another product's id with this review's id finds nothing either.
    expect((await call('deleteProductReview', { productId: productId + 1, reviewId }, author.token)).status).toBe(404);
    const [kept] = (await reviewsOf(productId)).reviews;
    expect(kept.title).toBe('Great coat');
  });

  it('keeps the average, the distribution and the criteria exact through create, update and delete', async () => {
    const productId = await freshProduct();
    const [a, b, c] = [await buyer(productId), await buyer(productId), await buyer(productId)];
    const ra = await call('createProductReview', { productId, review: { ...REVIEW, rating: 5, fit: 1, quality: 4, comfort: 5 } }, a.token);
    await call('createProductReview', { productId, review: { ...REVIEW, rating: 2, fit: 2 } }, b.token);
    const rc = await call('createProductReview', { productId, review: { ...REVIEW, rating: 4, fit: undefined, quality: undefined } }, c.token);
    let stats = (await reviewsOf(productId)).stats;
    expect(stats).toEqual({
      count: 3,
      average: 3.7,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 1 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 0 },
      ],
      criteria: { fit: { average: 1.5, count: 2 }, quality: { average: 4.5, count: 2 }, comfort: { average: 5, count: 1 } },
    });
    const updated = await call('updateProductReview', { productId, reviewId: ra.body.psdata.id, review: { ...REVIEW, rating: 1, fit: 5 } }, a.token);
    expect(updated.body.message).toBe('Review updated');
    stats = (await reviewsOf(productId)).stats;
    expect(stats).toMatchObject({ count: 3, average: 2.3, criteria: { fit: { average: 3.5, count: 2 }, comfort: { average: null, count: 0 } } });
    const deleted = await call('deleteProductReview', { productId, reviewId: rc.body.psdata.id }, c.token);
    expect(deleted.body.message).toBe('Review deleted');
    stats = (await reviewsOf(productId)).stats;
    expect(stats).toMatchObject({ count: 2, average: 1.5 });
    expect(stats.distribution.map((entry: { count: number }) => entry.count)).toEqual([0, 0, 0, 1, 1]);
    // The card and the product page carry the same aggregate.
    const product = (await call('getProduct', { product_id: productId })).body.psdata;
    expect(product.rating).toEqual({ average: 1.5, count: 2 });
  });

  it('shows the shopper’s language first and the others behind the filter, newest first', async () => {
    const productId = await freshProduct();
    const [fr1, en1, fr2] = [await buyer(productId), await buyer(productId), await buyer(productId)];
    await call('createProductReview', { productId, review: { ...REVIEW, title: 'Premier avis' } }, fr1.token, 'fr');
    await call('createProductReview', { productId, review: { ...REVIEW, title: 'English one' } }, en1.token, 'en');
    await call('createProductReview', { productId, review: { ...REVIEW, title: 'Second avis' } }, fr2.token, 'fr');
    const french = await reviewsOf(productId, undefined, 'fr');
    expect(french.reviews.map((review: { title: string }) => review.title)).toEqual(['Second avis', 'Premier avis']);
    expect([french.in_language, french.in_other_languages]).toEqual([2, 1]);
    const all = await reviewsOf(productId, undefined, 'fr', 'all');
    expect(all.reviews.map((review: { title: string }) => review.title)).toEqual(['Second avis', 'Premier avis', 'English one']);
    expect(all.pagination.total_items).toBe(3);
    // The ratings are over every language.
    expect(french.stats.count).toBe(3);
  });

  it('pages the list', async () => {
    const productId = await freshProduct();
    for (let index = 0; index < 7; index++) {
      const customer = await buyer(productId);
      await call('createProductReview', { productId, review: { ...REVIEW, title: `Review ${index}` } }, customer.token);
    }
    const second = (await call('getProductReviews', { productId, page: 2 })).body.psdata;
    expect(second.pagination).toEqual({ total_items: 7, page: 2, pages: 2, per_page: 5 });
    expect(second.reviews.map((review: { title: string }) => review.title)).toEqual(['Review 1', 'Review 0']);
  });

  it('sorts a listing by rating, best first, and cards carry the rating', async () => {
    const listing = (await call('getProducts', { order: 'rating_desc', per_page: 24 })).body.psdata;
    const ratings = listing.products.map((product: { rating: { average: number } | null }) => product.rating?.average ?? 0);
    expect(ratings[0]).toBeGreaterThan(0);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
  });

  it('keeps one review per customer and exact ratings under concurrent creates and updates', async () => {
    const productId = await freshProduct();
    const customers = await Promise.all(Array.from({ length: 8 }, () => buyer(productId)));
    // Every customer sends their review three times at once, all customers together.
    const answers = await Promise.all(
      customers.flatMap((customer, index) =>
        [0, 1, 2].map(() => call('createProductReview', { productId, review: { ...REVIEW, rating: (index % 5) + 1 } }, customer.token, 'en', `198.51.100.${index + 1}`)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(8);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(16);
    const [rows] = await query<{ count: number; customers: number }>(
      sql`select count(*)::int as count, count(distinct customer_id)::int as customers from product_reviews where product_id = ${productId}`,
    );
    expect(rows).toEqual({ count: 8, customers: 8 });
    // Ratings 1,2,3,4,5,1,2,3: sum 21.
    expect((await reviewsOf(productId)).stats).toMatchObject({ count: 8, average: 2.6 });
    // Then all of them change their review at once to 5 stars, twice.
    const ids = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.psdata.id as number);
    const byCustomer = await query<{ id: number; customer_id: number }>(sql`select id, customer_id from product_reviews where product_id = ${productId}`);
    const updates = await Promise.all(
      customers.flatMap((customer, index) => {
        const reviewId = byCustomer.find((row) => row.customer_id === customer.customer.id)!.id;
        return [5, 5].map((rating) => call('updateProductReview', { productId, reviewId, review: { ...REVIEW, rating } }, customer.token, 'en', `198.51.100.${index + 1}`));
      }),
    );
    expect(ids).toHaveLength(8);
    expect(updates.every((answer) => answer.status === 200)).toBe(true);
    expect((await reviewsOf(productId)).stats).toMatchObject({ count: 8, average: 5, distribution: [{ stars: 5, count: 8 }, { stars: 4, count: 0 }, { stars: 3, count: 0 }, { stars: 2, count: 0 }, { stars: 1, count: 0 }] });
  });

  describe('photos', () => {
    /** Sends a file in 64 KB chunks, as the storefront does. */
    async function upload(token: string, productId: number, file: Buffer, stopAfter = Infinity) {
      const started = await call('startReviewPhotoUpload', { productId, size: file.length }, token);
      expect(started.status).toBe(200);
      let state = started.body;
      for (let offset = 0, sent = 0; offset < file.length && sent < stopAfter; offset += 65536, sent++) {
        state = (await call('uploadReviewPhotoChunk', { uploadId: started.body.psdata.upload_id, offset, data: file.subarray(offset, offset + 65536).toString('base64') }, token)).body;
      }
      return { uploadId: started.body.psdata.upload_id as string, last: state };
    }

    /** A large JPEG with EXIF metadata (a camera and a place). */
    const photo = () =>
      sharp({ create: { width: 2000, height: 1500, channels: 3 as const, background: '#808080', noise: { type: 'gaussian' as const, mean: 128, sigma: 12 } } })
        .jpeg({ quality: 70 })
        .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'secret place' } })
        .toBuffer();

    it('resumes an interrupted upload, resizes the picture and strips its metadata', async () => {
      const productId = await freshProduct();
      const customer = await buyer(productId);
      const file = await photo();
      expect(file.length).toBeGreaterThan(3 * 65536);
      const { uploadId, last } = await upload(customer.token, productId, file, 2);
      expect(last.psdata).toMatchObject({ received: 2 * 65536, photo: null });
      // The connection came back: ask where it stands, then send the rest (a chunk sent twice changes nothing).
      const state = (await call('getReviewPhotoUpload', { uploadId }, customer.token)).body.psdata;
      expect(state.received).toBe(2 * 65536);
      const again = await call('uploadReviewPhotoChunk', { uploadId, offset: 65536, data: file.subarray(65536, 2 * 65536).toString('base64') }, customer.token);
      expect(again.body.psdata.received).toBe(2 * 65536);
      const gap = await call('uploadReviewPhotoChunk', { uploadId, offset: 3 * 65536, data: 'AAAA' }, customer.token);
      expect(gap.status).toBe(409);
      let done = state;
      for (let offset = state.received; offset < file.length; offset += 65536) {
        done = (await call('uploadReviewPhotoChunk', { uploadId, offset, data: file.subarray(offset, offset + 65536).toString('base64') }, customer.token)).body.psdata;
      }
      expect(done.photo).toMatchObject({ width: 1600, height: 1200 });
      // Before the review is posted, its address is not public yet; the uploader alone sees it (the form's preview).
      const pendingId = Number(/\/review-photos\/(\d+)\.webp/.exec(done.photo!.url)![1]);
      expect((await call('getReviewPhoto', { id: pendingId })).status).toBe(404);
      const preview = await call('getOwnReviewPhoto', { uploadId }, customer.token);
      expect(preview.status).toBe(200);
      expect(await sharp(Buffer.from(preview.body.psdata.data, 'base64')).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
      expect((await call('getOwnReviewPhoto', { uploadId })).status).toBe(401);
      // Someone else cannot read or use it.
      const other = await buyer(productId);
      expect((await call('getReviewPhotoUpload', { uploadId }, other.token)).status).toBe(404);
      expect((await call('getOwnReviewPhoto', { uploadId }, other.token)).status).toBe(404);
      expect((await call('createProductReview', { productId, review: { ...REVIEW, photos: [uploadId] } }, other.token)).status).toBe(400);

      const created = await call('createProductReview', { productId, review: { ...REVIEW, photos: [uploadId] } }, customer.token);
      expect(created.status).toBe(200);
      const [shown] = created.body.psdata.photos;
      const id = Number(/\/review-photos\/(\d+)\.webp/.exec(shown.url)![1]);
      const served = await call('getReviewPhoto', { id });
      const bytes = Buffer.from(served.body.psdata.data, 'base64');
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
      // Others see the photo, not its upload id.
      expect((await reviewsOf(productId)).reviews[0].photos[0].upload_id).toBeNull();
    });

    it('drops an upload not finished within an hour, whoever started it; a finished one waits a day for its review', async () => {
      const productId = await freshProduct();
      const customer = await buyer(productId);
      const file = await photo();
      const abandoned = await upload(customer.token, productId, file, 2);
      const recent = await upload(customer.token, productId, file, 1);
      const done = await upload(customer.token, productId, await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).png().toBuffer());
      expect(done.last.psdata.photo).not.toBeNull();
      // The phone that sent the first one went away 61 minutes ago; the finished photo was made two hours ago.
      await shop().handle.db.execute(sql`update review_photos set created_at = now() - interval '61 minutes' where upload_id = ${abandoned.uploadId}`);
      await shop().handle.db.execute(sql`update review_photos set created_at = now() - interval '2 hours' where upload_id = ${done.uploadId}`);
      const left = async () =>
        (await query<{ upload_id: string }>(sql`select upload_id from review_photos where customer_id = ${customer.customer.id} order by id`)).map((row) => row.upload_id);
      expect(await left()).toEqual(expect.arrayContaining([abandoned.uploadId, recent.uploadId, done.uploadId]));
      const chunksOf = async (uploadId: string) =>
        (await query<{ count: number }>(sql`select count(*)::int as count from review_photo_chunks c join review_photos p on p.id = c.photo_id
          where p.upload_id = ${uploadId}`))[0]!.count;
      expect(await chunksOf(abandoned.uploadId)).toBe(2);
      const chunksLeft = async () => (await query<{ count: number }>(sql`select count(*)::int as count from review_photo_chunks`))[0]!.count;
      const chunksBefore = await chunksLeft();

      // Another customer starting an upload sweeps it away, chunks and all.
      const other = await buyer(productId);
      expect((await call('startReviewPhotoUpload', { productId, size: 1000 }, other.token)).status).toBe(200);
      expect(await left()).not.toContain(abandoned.uploadId);
      expect(await left()).toEqual(expect.arrayContaining([recent.uploadId, done.uploadId]));
      expect(await chunksLeft()).toBe(chunksBefore - 2);
      expect((await call('getReviewPhotoUpload', { uploadId: abandoned.uploadId }, customer.token)).status).toBe(404);

      // The hourly housekeeping does the same when nobody uploads: an hour and a minute on, the recent one has gone
      // too; the finished photo goes once it is a day old.
      await clearExpired(shop().handle.db, new Date(Date.now() + 61 * 60_000));
      expect(await left()).toEqual([done.uploadId]);
      await clearExpired(shop().handle.db, new Date(Date.now() + 22 * 60 * 60_000 + 60_000));
      expect(await left()).toEqual([]);
    });

    it('checks the type by content, not by name, and refuses a file larger than announced or allowed', async () => {
      const productId = await freshProduct();
      const customer = await buyer(productId);
      const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const { last } = await upload(customer.token, productId, fake);
      expect(last).toMatchObject({ success: false, code: 'bad_request', psdata: { rule: 'mime' } });
      const truncatedJpeg = (await photo()).subarray(0, 5000);
      expect((await upload(customer.token, productId, truncatedJpeg)).last.psdata.rule).toBe('mime');
      const tooLarge = await call('startReviewPhotoUpload', { productId, size: 9 * 1024 * 1024 }, customer.token);
      expect(tooLarge.status).toBe(400);
      const small = await call('startReviewPhotoUpload', { productId, size: 10 }, customer.token);
      const over = await call('uploadReviewPhotoChunk', { uploadId: small.body.psdata.upload_id, offset: 0, data: Buffer.alloc(20).toString('base64') }, customer.token);
      expect(over.status).toBe(400);
      expect(over.body.psdata.rule).toBe('max');
      const stranger = await buyer(await freshProduct());
      expect((await call('startReviewPhotoUpload', { productId, size: 1000 }, stranger.token)).status).toBe(403);
    });
  });
});
