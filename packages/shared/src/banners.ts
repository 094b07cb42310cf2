import { z } from 'zod'
import { featureImage } from './catalog'
import { uploadedImageUrl } from './uploads'

export const addFeatureBody = z.object({
  image: uploadedImageUrl('Image'),
  title: z.string().trim().max(120).optional(),
  /** The product the banner links to, when it advertises one. */
  productId: z.uuid('Invalid product id').optional(),
})
export type AddFeatureInput = z.input<typeof addFeatureBody>

export const featureResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: featureImage,
})
